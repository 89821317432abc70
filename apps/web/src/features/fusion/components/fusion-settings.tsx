import { useTranslation } from 'react-i18next';
import {
  FUSION_FORMAT_SIZES,
  FUSION_FORMATS,
  FUSION_PALETTES,
  FUSION_POSITIONS,
  FUSION_STYLES,
  FUSION_TYPOGRAPHIES,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_VIEWS,
  TAGLINE_MAX_LENGTH,
  textlessFormat,
} from '@vitrine/shared/api/generation';
import { Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/select-field';
import { SwitchField } from '../../../components/ui/switch-field';
import {
  FUSION_FORMAT_LABELS,
  FUSION_FORMAT_RATIOS,
  FUSION_PALETTE_LABELS,
  FUSION_POSITION_LABELS,
  PRODUCT_VIEW_LABELS,
  FUSION_STYLE_LABELS,
  FUSION_TYPOGRAPHY_LABELS,
} from '../../generations/lib/option-labels';
import type { FusionSettings } from '../lib/fusion-form';
import { CopyField } from '../../../components/ui/copy-field';
import { LightSettings } from './light-settings';
import { OptionTiles } from './option-tiles';
import { SloganField } from './slogan-field';
import { FrameVisual, PaletteVisual, PositionVisual, TypographyVisual } from './option-visuals';

type Props = {
  settings: FusionSettings;
  onChange: <K extends keyof FusionSettings>(field: K, value: FusionSettings[K]) => void;
  errors: Partial<Record<keyof FusionSettings, string>>;
};

/** Spec section 2, Fusion page: the four settings cards. */
export function FusionSettingsCards({ settings, onChange, errors }: Props) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card
        labelledBy="fusion-position-title"
        title={t('fusion.positionTitle')}
        description={t('fusion.positionDescription')}
      >
        <OptionTiles
          name="position"
          label={t('fusion.position')}
          help={t('fusion.positionHelp')}
          columns="grid-cols-3"
          value={settings.position}
          onChange={(value) => onChange('position', value)}
          options={FUSION_POSITIONS.map((value) => ({
            value,
            label: t(FUSION_POSITION_LABELS[value]),
            visual: <PositionVisual position={value} />,
          }))}
        />
        <div className="mt-5">
          <OptionTiles
            name="productView"
            label={t('fusion.view')}
            help={t('fusion.viewHelp')}
            columns="grid-cols-3"
            value={settings.productView}
            onChange={(value) => onChange('productView', value)}
            options={PRODUCT_VIEWS.map((value) => ({
              value,
              label: t(PRODUCT_VIEW_LABELS[value].label),
              caption: t(PRODUCT_VIEW_LABELS[value].caption),
            }))}
          />
        </div>
      </Card>

      <Card
        labelledBy="fusion-style-title"
        title={t('fusion.styleTitle')}
        description={t('fusion.styleDescription')}
      >
        <div className="flex flex-col gap-5">
          <SelectField
            name="style"
            label={t('fusion.style')}
            help={t('fusion.styleHelp')}
            required
            value={settings.style}
            onChange={(value) => {
              const style = FUSION_STYLES.find((s) => s === value);
              if (style) onChange('style', style);
            }}
            options={FUSION_STYLES.map((value) => ({ value, label: t(FUSION_STYLE_LABELS[value]) }))}
          />
          <OptionTiles
            name="palette"
            label={t('fusion.palette')}
            help={t('fusion.paletteHelp')}
            columns="grid-cols-3 sm:grid-cols-5"
            value={settings.palette}
            onChange={(value) => onChange('palette', value)}
            options={FUSION_PALETTES.map((value) => ({
              value,
              label: t(FUSION_PALETTE_LABELS[value]),
              visual: <PaletteVisual palette={value} />,
            }))}
          />
        </div>
      </Card>

      <Card
        labelledBy="fusion-text-title"
        title={t('fusion.textTitle')}
        description={t('fusion.textDescription')}
      >
        <div className="flex flex-col gap-5">
          <CopyField
            label={t('fusion.productName')}
            help={t('fusion.productNameHelp')}
            placeholder={t('fusion.productNamePlaceholder')}
            value={settings.productName}
            onChange={(value) => onChange('productName', value)}
            maxLength={PRODUCT_NAME_MAX_LENGTH}
            error={errors.productName}
          />
          <SloganField
            settings={settings}
            onChange={(value) => onChange('slogan', value)}
            error={errors.slogan}
          />
          <CopyField
            label={t('fusion.tagline')}
            help={t('fusion.taglineHelp')}
            placeholder={t('fusion.taglinePlaceholder')}
            value={settings.tagline}
            onChange={(value) => onChange('tagline', value)}
            maxLength={TAGLINE_MAX_LENGTH}
            error={errors.tagline}
          />
          <OptionTiles
            name="typography"
            label={t('fusion.typography')}
            help={t('fusion.typographyHelp')}
            columns="grid-cols-2 sm:grid-cols-4"
            value={settings.typography}
            onChange={(value) => onChange('typography', value)}
            options={FUSION_TYPOGRAPHIES.map((value) => ({
              value,
              label: t(FUSION_TYPOGRAPHY_LABELS[value]),
              visual: <TypographyVisual typography={value} />,
            }))}
          />
        </div>
      </Card>

      <Card
        labelledBy="fusion-format-title"
        title={t('fusion.formatTitle')}
        description={t('fusion.formatDescription')}
      >
        <OptionTiles
          name="format"
          label={t('fusion.format')}
          help={t('fusion.formatHelp')}
          columns="grid-cols-2 sm:grid-cols-4"
          value={settings.format}
          onChange={(value) => onChange('format', value)}
          options={FUSION_FORMATS.map((value) => ({
            value,
            label: t(FUSION_FORMAT_LABELS[value]),
            caption: FUSION_FORMAT_RATIOS[value],
            visual: <FrameVisual {...FUSION_FORMAT_SIZES[value]} />,
          }))}
        />
        {textlessFormat(settings.format) && (
          <p role="note" className="mt-3 text-sm text-ink-600">
            {t('fusion.marketplaceNote')}
          </p>
        )}
        <div className="mt-4">
          <SwitchField
            name="everyFormat"
            label={t('generate.everyFormat')}
            description={t('generate.everyFormatNote', { count: FUSION_FORMATS.length - 1 })}
            checked={settings.everyFormat}
            onChange={(value) => onChange('everyFormat', value)}
          />
        </div>
      </Card>
      <LightSettings settings={settings} onChange={onChange} />
    </div>
  );
}
