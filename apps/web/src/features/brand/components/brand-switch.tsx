/**
 * The Fusion and Express forms' "Appliquer ma marque / Apply my brand": shown only when the account
 * has a kit that applies (on by default), with a line saying what this generation gets from it.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../lib/current-lang';
import { FUSION_TYPOGRAPHY_LABELS } from '../../generations/lib/option-labels';
import { useBrand } from '../api/get-brand';
import { appliedParts } from '../lib/brand-form';

export function BrandSwitch({
  checked,
  onChange,
  className = 'rounded-xl bg-ink-50 p-4',
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const brand = useBrand();
  const lineId = useId();
  const kit = brand.data;
  const parts = kit ? appliedParts(kit) : [];
  if (!kit || parts.length === 0) return null;

  const words = parts.map((part) =>
    part === 'palette'
      ? t('brand.appliesPalette')
      : part === 'logo'
        ? t('brand.appliesLogo')
        : part === 'signature'
          ? t('brand.appliesSignature')
          : t('brand.appliesTypography', { typography: t(FUSION_TYPOGRAPHY_LABELS[kit.typography!]) }),
  );
  const list = new Intl.ListFormat(currentLang(), { type: 'conjunction' }).format(words);

  return (
    <div className={`flex items-start justify-between gap-4 ${className}`} data-brand-switch>
      <div>
        <label htmlFor={`${lineId}-switch`} className="text-sm font-semibold text-ink-900">
          {t('brand.apply')}
        </label>
        <p id={lineId} className="mt-0.5 text-sm text-ink-600">
          {checked ? t('brand.applies', { parts: list }) : t('brand.notApplied')}
        </p>
      </div>
      <input
        id={`${lineId}-switch`}
        type="checkbox"
        role="switch"
        aria-describedby={lineId}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-5 shrink-0 cursor-pointer accent-brand-600"
      />
    </div>
  );
}
