import { useTranslation } from 'react-i18next';
import { DEFAULT_LIGHT, REFLECTIONS } from '@vitrine/shared/api/light';
import type { FusionSettings } from '../lib/fusion-form';
import { chooseLight, lightSummary, percent, REFLECTION_LABELS } from '../lib/light-form';
import { LightDial } from './light-dial';
import { LightRange } from './light-range';
import { SegmentedRadios } from './segmented-radios';

type Props = {
  settings: FusionSettings;
  onChange: <K extends keyof FusionSettings>(field: K, value: FusionSettings[K]) => void;
};

const MODES = ['automatic', 'chosen'] as const;

/**
 * "Lumière / Light", under the other Fusion options: closed, it says what is chosen ("Automatique",
 * "En haut à gauche, ombre douce, 50 %"); open, the light's direction on a dial, the shadow's softness
 * and strength, and the reflection. Any control of the light makes it chosen; "Automatique" clears it.
 */
export function LightSettings({ settings, onChange }: Props) {
  const { t } = useTranslation();
  const { light, reflection } = settings;
  const shown = light ?? DEFAULT_LIGHT;
  const valueText = (share: number) =>
    light ? t('fusion.light.percent', { value: percent(share) }) : t('fusion.light.automatic');
  return (
    <details className="group rounded-2xl bg-white shadow-sm ring-1 ring-ink-100 lg:col-span-2">
      <summary className="flex min-h-11 cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl px-5 py-4 select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-6 [&::-webkit-details-marker]:hidden">
        <span className="text-base font-semibold text-ink-900">{t('fusion.light.title')}</span>
        <span className="ml-auto flex min-w-0 items-center gap-2 text-sm font-medium text-brand-700">
          <span className="min-w-0">{lightSummary(t, light, reflection)}</span>
          <svg
            viewBox="0 0 20 20"
            aria-hidden="true"
            className="size-5 shrink-0 text-ink-400 transition group-open:rotate-180"
            fill="currentColor"
          >
            <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </span>
      </summary>
      <div className="border-t border-ink-100 px-5 py-5 sm:px-6">
        <p className="text-sm text-ink-600">{t('fusion.light.description')}</p>
        <div className="mt-4 grid gap-6 md:grid-cols-[auto_1fr] md:gap-10">
          <div className="flex flex-col gap-5">
            <SegmentedRadios
              name="lightMode"
              label={t('fusion.light.mode')}
              help={t('fusion.light.modeHelp')}
              value={light ? 'chosen' : 'automatic'}
              onChange={(mode) => onChange('light', mode === 'chosen' ? chooseLight(light, {}) : null)}
              options={MODES.map((mode) => ({
                value: mode,
                label: t(mode === 'automatic' ? 'fusion.light.modeAuto' : 'fusion.light.modeChosen'),
              }))}
            />
            <LightDial
              angle={light?.angle ?? null}
              onChange={(angle) => onChange('light', chooseLight(light, { angle }))}
            />
          </div>
          <div className="flex flex-col gap-5">
            <LightRange
              label={t('fusion.light.softness')}
              valueText={valueText(shown.softness)}
              value={shown.softness}
              minLabel={t('fusion.light.softnessMin')}
              maxLabel={t('fusion.light.softnessMax')}
              muted={!light}
              onChange={(softness) => onChange('light', chooseLight(light, { softness }))}
            />
            <LightRange
              label={t('fusion.light.strength')}
              valueText={valueText(shown.strength)}
              value={shown.strength}
              minLabel={t('fusion.light.strengthMin')}
              maxLabel={t('fusion.light.strengthMax')}
              muted={!light}
              onChange={(strength) => onChange('light', chooseLight(light, { strength }))}
            />
            <SegmentedRadios
              name="reflection"
              label={t('fusion.light.reflection')}
              help={t('fusion.light.reflectionHelp')}
              value={reflection}
              onChange={(value) => onChange('reflection', value)}
              options={REFLECTIONS.map((value) => ({ value, label: t(REFLECTION_LABELS[value]) }))}
            />
          </div>
        </div>
      </div>
    </details>
  );
}
