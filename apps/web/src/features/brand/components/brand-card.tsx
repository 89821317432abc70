/**
 * Account page, "Ma marque / My brand": the logo (the image picker, role 'logo'), up to five named
 * colours, a preferred typography and a signature line, saved whole. The server's refusals are shown
 * under their fields, in the interface's language.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BRAND_COLOURS_MAX,
  BRAND_SIGNATURE_MAX_LENGTH,
  brandKitInput,
  type BrandKit,
} from '@vitrine/shared/api/brand';
import { FUSION_TYPOGRAPHIES } from '@vitrine/shared/api/generation';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FieldLabel } from '../../../components/ui/field-label';
import { SparklesIcon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { errorDescription } from '../../../lib/error-description';
import { fieldErrors } from '../../../lib/form-errors';
import { FUSION_TYPOGRAPHY_LABELS } from '../../generations/lib/option-labels';
import { ImagePicker } from '../../image-picker/components/image-picker';
import { useBrand } from '../api/get-brand';
import { useSaveBrand } from '../api/save-brand';
import { toFormValues, toInput, type BrandFormValues } from '../lib/brand-form';
import { ColourRows } from './colour-rows';

type Field = 'colours' | 'logoUploadId' | 'typography' | 'signature';
type Errors = Partial<Record<Field, string>>;

export function BrandCard() {
  const { t } = useTranslation();
  const brand = useBrand();
  return (
    <Card
      labelledBy="brand-title"
      title={t('brand.title')}
      description={t('brand.description')}
      icon={<SparklesIcon />}
    >
      {brand.isPending ? (
        <div
          role="status"
          aria-label={t('account.loading')}
          className="h-40 animate-pulse rounded-lg bg-ink-50"
        />
      ) : brand.isError ? (
        <div role="alert" className="text-center">
          <p className="font-medium text-ink-900">{t('brand.loadFailed')}</p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => void brand.refetch()}>
            {t('brand.retry')}
          </Button>
        </div>
      ) : (
        // A kit saved (here or elsewhere) opens the form again on what was saved.
        <BrandForm key={brand.data.updatedAt ?? 'new'} kit={brand.data} />
      )}
    </Card>
  );
}

function BrandForm({ kit }: { kit: BrandKit }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const save = useSaveBrand();
  const [values, setValues] = useState<BrandFormValues>(() => toFormValues(kit));
  const [errors, setErrors] = useState<Errors>({});
  const [uploading, setUploading] = useState(false);
  const coloursLabel = useId();
  const coloursError = useId();

  function change<K extends keyof BrandFormValues>(field: K, value: BrandFormValues[K], error: Field) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [error]: undefined }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = toInput(values);
    // The server's own contract first, so the browser says the same as the server would.
    const checked = brandKitInput.safeParse(input);
    if (!checked.success) return setErrors(fieldErrors(checked.error, t));
    save.mutate(input, {
      onSuccess: () => toast({ title: t('brand.saved') }),
      onError: (error) => {
        setErrors(error instanceof ApiError ? error.fields : {});
        const title = t('brand.saveFailed');
        toast({ title, description: errorDescription(error, title), variant: 'destructive' });
      },
    });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6" aria-labelledby="brand-title">
      <div className="grid gap-6 lg:grid-cols-2">
        <div>
          <ImagePicker
            role="logo"
            optional
            label={t('brand.logo')}
            help={t('brand.logoHelp')}
            value={values.logo}
            onChange={(logo) => change('logo', logo, 'logoUploadId')}
            onBusyChange={setUploading}
          />
          {errors.logoUploadId && (
            <p role="alert" className="mt-1.5 text-sm text-red-600">
              {errors.logoUploadId}
            </p>
          )}
        </div>
        <div role="group" aria-labelledby={coloursLabel}>
          <FieldLabel id={coloursLabel} label={t('brand.colours')} />
          <p className="mt-0.5 mb-3 text-sm text-ink-400">
            {t('brand.coloursHint', { max: BRAND_COLOURS_MAX })}
          </p>
          <ColourRows
            colours={values.colours}
            onChange={(colours) => change('colours', colours, 'colours')}
            error={errors.colours}
            errorId={coloursError}
          />
        </div>
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField
          name="typography"
          label={t('brand.typography')}
          value={values.typography}
          onChange={(value) => change('typography', value as BrandFormValues['typography'], 'typography')}
          options={[
            { value: '', label: t('brand.typographyNone') },
            ...FUSION_TYPOGRAPHIES.map((value) => ({ value, label: t(FUSION_TYPOGRAPHY_LABELS[value]) })),
          ]}
          error={errors.typography}
        />
        <TextField
          name="signature"
          label={t('brand.signature')}
          hint={t('brand.signatureHint')}
          placeholder={t('brand.signaturePlaceholder')}
          value={values.signature}
          maxLength={BRAND_SIGNATURE_MAX_LENGTH}
          onChange={(event) => change('signature', event.target.value, 'signature')}
          error={errors.signature}
        />
      </div>
      <div className="flex justify-end border-t border-ink-100 pt-5">
        <Button type="submit" disabled={save.isPending || uploading} busy={save.isPending}>
          {t(save.isPending ? 'brand.saving' : 'brand.save')}
        </Button>
      </div>
    </form>
  );
}
