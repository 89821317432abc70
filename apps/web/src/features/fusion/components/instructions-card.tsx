import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { InfoIcon } from '../../../components/ui/icons';
import { durationText } from '../../generations/lib/progress';

const STEPS = [
  'fusion.instructions.step1',
  'fusion.instructions.step2',
  'fusion.instructions.step3',
  'fusion.instructions.step4',
] as const;

/** How the Fusion page works, in four steps, with this server's usual generation time when known. */
export function InstructionsCard({ typicalSeconds }: { typicalSeconds: number | undefined }) {
  const { t } = useTranslation();
  const typical = typicalSeconds && typicalSeconds > 0 ? durationText(typicalSeconds) : null;
  return (
    <Card
      labelledBy="fusion-instructions-title"
      title={t('fusion.instructions.title')}
      description={t('fusion.instructions.description')}
      icon={<InfoIcon />}
    >
      <ol className="grid gap-4 sm:grid-cols-2">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3">
            <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white">
              {index + 1}
            </span>
            <p className="pt-0.5 text-sm text-ink-800">{t(step)}</p>
          </li>
        ))}
      </ol>
      <p className="mt-5 border-t border-ink-100 pt-4 text-sm text-ink-600">
        {t('fusion.instructions.tip')}
        {typical && (
          <> {t('fusion.instructions.typical', { duration: t(typical.key, { count: typical.count }) })}</>
        )}
      </p>
    </Card>
  );
}
