import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../app/i18n';
import { useToast } from '../../../components/ui/toast';
import { fieldErrors } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useActiveGenerations } from '../../generations/api/get-active-generations';
import { useGeneration } from '../../generations/api/get-generation';
import { GenerateControls } from '../../generations/components/generate-controls';
import { PendingBanner } from '../../generations/components/pending-banner';
import { ResultLoading } from '../../generations/components/result-loading';
import { ResultPanel } from '../../generations/components/result-panel';
import { UsageCard } from '../../generations/components/usage-card';
import { useGenerationStarter } from '../../generations/hooks/use-generation-starter';
import { isRunning } from '../../generations/lib/active-state';
import {
  buildFusionRequest,
  DEFAULT_FUSION_SETTINGS,
  NO_IMAGES,
  type FusionImages,
  type FusionSettings,
  type ImageSlot,
} from '../lib/fusion-form';
import { FusionImagesCard } from './fusion-images-card';
import { FusionSettingsCards } from './fusion-settings';
import { InstructionsCard } from './instructions-card';

type SettingErrors = Partial<Record<keyof FusionSettings, string>>;

/**
 * Spec section 2, Fusion page: pending generations, usage, the two images, the four settings cards,
 * the generate button and the instructions; the result panel takes the form's place once the
 * generation the page started has completed.
 */
export function FusionPage({ providerDown = false }: { providerDown?: boolean }) {
  const { t } = useTranslation();
  const { toast } = useToast();
  const title = t('dashboard.nav.fusion', { product: t('app.name') });
  useDocumentTitle(title);

  const [settings, setSettings] = useState<FusionSettings>(DEFAULT_FUSION_SETTINGS);
  const [images, setImages] = useState<FusionImages>(NO_IMAGES);
  const [uploading, setUploading] = useState<Record<ImageSlot, boolean>>({ product: false, context: false });
  const [showMissing, setShowMissing] = useState(false);
  const [errors, setErrors] = useState<SettingErrors>({});
  const starter = useGenerationStarter('fusion');
  const detail = useGeneration(starter.trackedId);
  const active = useActiveGenerations();
  const result = detail.data?.generation.status === 'completed' ? detail.data.result : null;
  const resultRef = useRef<HTMLDivElement>(null);

  // When the awaited result replaces the form, which the user may have scrolled past, bring it into
  // view; a result already there when the page opens stays where it is.
  const status = detail.data?.generation.status;
  const sawRunning = useRef(false);
  useEffect(() => {
    if (status && isRunning(status)) sawRunning.current = true;
    if (status === 'completed' && sawRunning.current) {
      sawRunning.current = false;
      resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [status, result]);

  function change<K extends keyof FusionSettings>(field: K, value: FusionSettings[K]) {
    setSettings((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function generate() {
    if (uploading.product || uploading.context) {
      toast({ title: t('fusion.imagesUploading'), description: t('fusion.imagesUploadingDescription') });
      return;
    }
    const request = buildFusionRequest(settings, images, currentLang());
    if (!request.ok) {
      if ('error' in request) {
        setErrors(fieldErrors(request.error, t));
        return;
      }
      setShowMissing(true);
      toast({
        variant: 'destructive',
        title: t('fusion.missingImages'),
        description: t('fusion.missingImagesDescription'),
      });
      return;
    }
    starter.start(request.body, () => {
      // Spec section 4: after a successful start the form clears the two images.
      setImages(NO_IMAGES);
      setShowMissing(false);
    });
  }

  function startOver() {
    starter.track(null);
    setSettings(DEFAULT_FUSION_SETTINGS);
    setImages(NO_IMAGES);
    setErrors({});
    setShowMissing(false);
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-ink-600">{t('fusion.subtitle')}</p>
      </div>

      <PendingBanner />
      <UsageCard />

      {result ? (
        <div ref={resultRef} className="scroll-mt-24">
          <ResultPanel result={result} onBack={() => starter.track(null)} onNew={startOver} />
        </div>
      ) : starter.trackedId && detail.isPending ? (
        <ResultLoading />
      ) : (
        <>
          <FusionImagesCard
            images={images}
            onChange={(slot, image) => {
              setImages((current) => ({ ...current, [slot]: image }));
            }}
            onBusyChange={(slot, busy) => setUploading((current) => ({ ...current, [slot]: busy }))}
            showMissing={showMissing}
          />
          <FusionSettingsCards settings={settings} onChange={change} errors={errors} />
          <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100 sm:p-5">
            <GenerateControls
              label={t('generate.fusionButton')}
              onGenerate={generate}
              starting={starter.starting}
              unavailable={providerDown}
            />
            <p className="text-xs text-ink-400">{t('generate.requiredHint')}</p>
          </div>
        </>
      )}

      <InstructionsCard typicalSeconds={active.data?.typicalSeconds} />
    </div>
  );
}
