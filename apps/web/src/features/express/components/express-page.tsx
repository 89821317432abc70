import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImagesDown } from '../../site/api/status';
import { currentLang } from '../../../lib/current-lang';
import { useLocation, useNavigate } from 'react-router';
import { EXPRESS_FORMATS, EXPRESS_STYLES, paragraphLength } from '@vitrine/shared/api/generation';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CopyField } from '../../../components/ui/copy-field';
import { FieldLabel } from '../../../components/ui/field-label';
import { BoltIcon, ImageIcon, PlusIcon, RefreshIcon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/select-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { useToast } from '../../../components/ui/toast';
import { fieldErrors } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { GenerateControls } from '../../generations/components/generate-controls';
import { BrandSwitch } from '../../brand/components/brand-switch';
import { GenerationProgressCard } from '../../generations/components/generation-progress-card';
import { PendingBanner } from '../../generations/components/pending-banner';
import { ResultArea } from '../../generations/components/result-area';
import { UsageCard } from '../../billing/components/usage-card';
import { useResultArea } from '../../generations/hooks/use-result-area';
import { isRunning } from '../../generations/lib/active-state';
import { readAgain } from '../../generations/lib/generate-again';
import { AgainNotice } from '../../generations/components/again-notice';
import { EXPRESS_STYLE_LABELS, formatName } from '../../generations/lib/option-labels';
import {
  buildExpressRequest,
  DESCRIPTION_MAX_LENGTH,
  EMPTY_EXPRESS,
  expressComplete,
  isExpressFormat,
  isExpressStyle,
  PRODUCT_NAME_MAX_LENGTH,
  type ExpressValues,
} from '../lib/express-form';

type FieldName = Exclude<keyof ExpressValues, 'everyFormat'>;

/**
 * Spec section 2, Express page: style and format (required), an optional description, 'Générer mon
 * visuel', and once both selects are set 'Regénérer' and 'Nouveau visuel'. The result shows below in
 * the same result panel as Fusion.
 */
export function ExpressPage() {
  const { t } = useTranslation();
  // The image service is down or its provider reports a problem (spec section 2: 'API unavailable').
  const providerDown = useImagesDown();
  const { toast } = useToast();
  const title = t('dashboard.nav.express', { product: t('app.name') });
  useDocumentTitle(title);
  const descriptionId = useId();

  const [values, setValues] = useState<ExpressValues>(EMPTY_EXPRESS);
  // Text over the limit is kept as typed or pasted (a browser's maxlength would cut it silently): the
  // count turns red and the form refuses it with the field's error, as the slogan does.
  const descriptionOver = paragraphLength(values.description) > DESCRIPTION_MAX_LENGTH;
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  // The result comes below the form, in the area that shows the generation's progress until then.
  const area = useResultArea('express');
  const { starter, generation } = area;

  const [againFrom, setAgainFrom] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();

  // "Generate again with these settings": the form is filled with them, once per navigation (while
  // rendering, as React advises for state that follows a changed input).
  const againRequest = readAgain(location.state, 'express');
  const [againKey, setAgainKey] = useState<string | null>(null);
  if (againRequest && againKey !== location.key) {
    setAgainKey(location.key);
    area.reset();
    const { style, format, description, productName, everyFormat, brand } = againRequest.again;
    // A result made before "What is it?", "every format" or the brand kit existed carries none.
    setValues({
      style,
      format,
      description,
      productName: productName ?? '',
      everyFormat: everyFormat ?? false,
      brand: brand ?? true,
    });
    setErrors({});
    setAgainFrom(againRequest.generatedAt);
  }
  useEffect(() => {
    // The settings are taken: a reload does not take them again.
    if (againKey) void navigate(location.pathname, { replace: true, state: null });
  }, [againKey, navigate, location.pathname]);

  function change(field: FieldName, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function generate() {
    const request = buildExpressRequest(values, currentLang());
    if (!request.ok) {
      if (request.missing) {
        setErrors({
          style: values.style ? undefined : t('validation.required'),
          format: values.format ? undefined : t('validation.required'),
        });
        toast({
          variant: 'destructive',
          title: t('express.missingTitle'),
          description: t('express.missingDescription'),
          // Replaced by the generation's own notices once the form is complete and sent.
          group: 'generation',
        });
      } else {
        setErrors(fieldErrors(request.error, t));
      }
      return;
    }
    starter.start(request.body, () => setAgainFrom(null));
  }

  function newVisual() {
    area.reset();
    setAgainFrom(null);
    setValues(EMPTY_EXPRESS);
    setErrors({});
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-ink-600">{t('express.subtitle')}</p>
      </div>

      <PendingBanner />
      <UsageCard />

      {againFrom && <AgainNotice generatedAt={againFrom} onDismiss={() => setAgainFrom(null)} />}
      <Card
        labelledBy="express-form-title"
        title={t('express.formTitle')}
        description={t('express.formDescription')}
        icon={<BoltIcon />}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            name="style"
            label={t('express.style')}
            help={t('express.styleHelp')}
            placeholder={t('express.stylePlaceholder')}
            required
            value={values.style}
            onChange={(value) => isExpressStyle(value) && change('style', value)}
            error={errors.style}
            options={EXPRESS_STYLES.map((value) => ({ value, label: t(EXPRESS_STYLE_LABELS[value]) }))}
          />
          <SelectField
            name="format"
            label={t('express.format')}
            help={t('express.formatHelp')}
            placeholder={t('express.formatPlaceholder')}
            required
            value={values.format}
            onChange={(value) => isExpressFormat(value) && change('format', value)}
            error={errors.format}
            options={EXPRESS_FORMATS.map((value) => ({
              value,
              label: formatName(t, 'express', value),
            }))}
          />
          <div className="sm:col-span-2">
            <SwitchField
              name="everyFormat"
              label={t('generate.everyFormat')}
              description={t('generate.everyFormatNote', { count: EXPRESS_FORMATS.length - 1 })}
              checked={values.everyFormat}
              onChange={(everyFormat) => setValues((current) => ({ ...current, everyFormat }))}
            />
          </div>
          <div className="sm:col-span-2">
            <CopyField
              label={t('express.productName')}
              help={t('express.productNameHelp')}
              placeholder={t('express.productNamePlaceholder')}
              value={values.productName}
              onChange={(value) => change('productName', value)}
              maxLength={PRODUCT_NAME_MAX_LENGTH}
              error={errors.productName}
            />
          </div>
          <div className="sm:col-span-2">
            <FieldLabel
              htmlFor={descriptionId}
              label={t('express.description')}
              help={t('express.descriptionHelp')}
              optional
            />
            <textarea
              id={descriptionId}
              rows={3}
              value={values.description}
              placeholder={t('express.descriptionPlaceholder')}
              onChange={(event) => change('description', event.target.value)}
              aria-invalid={errors.description || descriptionOver ? true : undefined}
              aria-describedby={`${descriptionId}-note`}
              className={`mt-1.5 block w-full resize-y rounded-lg border bg-white px-3 py-2.5 text-sm text-ink-900 shadow-xs transition outline-none placeholder:text-ink-400 focus-visible:outline-none ${
                errors.description || descriptionOver
                  ? 'border-red-500 focus:ring-2 focus:ring-red-600'
                  : 'border-ink-200 focus:border-brand-600 focus:ring-2 focus:ring-brand-600'
              }`}
            />
            <p id={`${descriptionId}-note`} className="mt-1 flex justify-between gap-3 text-xs">
              <span className="text-red-600">{errors.description}</span>
              <span
                className={`tabular-nums ${descriptionOver ? 'font-semibold text-red-600' : 'text-ink-400'}`}
              >
                {t('generate.characterCount', {
                  count: paragraphLength(values.description),
                  max: DESCRIPTION_MAX_LENGTH,
                })}
              </span>
            </p>
          </div>
        </div>
        <BrandSwitch
          checked={values.brand}
          onChange={(brand) => setValues((current) => ({ ...current, brand }))}
          className="mt-5 rounded-xl bg-ink-50 p-4"
        />
        <div className="mt-6 border-t border-ink-100 pt-5">
          <GenerateControls
            label={t('express.generate')}
            onGenerate={generate}
            starting={starter.starting}
            unavailable={providerDown}
            extraActions={(blocked) =>
              expressComplete(values) && (
                <>
                  <Button
                    variant="secondary"
                    // Focusable while blocked, as the generate button is (generate-controls.tsx).
                    aria-disabled={blocked || undefined}
                    onClick={() => {
                      if (!blocked) generate();
                    }}
                    className="w-full py-3 sm:w-auto"
                  >
                    <RefreshIcon className="size-4.5" />
                    {t('express.regenerate')}
                  </Button>
                  <Button variant="ghost" onClick={newVisual} className="w-full py-3 sm:w-auto">
                    <PlusIcon className="size-4.5" />
                    {t('express.newVisual')}
                  </Button>
                </>
              )
            }
          />
          <p className="mt-3 text-xs text-ink-400">{t('generate.requiredHint')}</p>
        </div>
      </Card>

      <ResultArea area={area} onNew={newVisual}>
        {generation && isRunning(generation.status) ? (
          <GenerationProgressCard generationId={generation.id} />
        ) : (
          <section className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-ink-200 px-6 py-12 text-center">
            <span className="grid size-12 place-items-center rounded-2xl bg-white text-ink-400 shadow-sm ring-1 ring-ink-100">
              <ImageIcon className="size-6" />
            </span>
            <h2 className="font-semibold text-ink-900">{t('express.placeholderTitle')}</h2>
            <p className="max-w-sm text-sm text-ink-600">{t('express.placeholderDescription')}</p>
          </section>
        )}
      </ResultArea>
    </div>
  );
}
