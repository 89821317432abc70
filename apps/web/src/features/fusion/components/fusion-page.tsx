import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textlessFormat } from '@vitrine/shared/api/generation';
import { useImagesDown } from '../../site/api/status';
import { currentLang } from '../../../lib/current-lang';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../components/ui/toast';
import { fieldErrors } from '../../../lib/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useActiveGenerations } from '../../generations/api/get-active-generations';
import { GenerateControls } from '../../generations/components/generate-controls';
import { PendingBanner } from '../../generations/components/pending-banner';
import { ResultArea } from '../../generations/components/result-area';
import { UsageCard } from '../../billing/components/usage-card';
import { useResultArea } from '../../generations/hooks/use-result-area';
import { readAgain } from '../../generations/lib/generate-again';
import { AgainNotice } from '../../generations/components/again-notice';
import { getUpload } from '../../image-picker/api/recent-uploads';
import { BrandSwitch } from '../../brand/components/brand-switch';
import {
  buildFusionRequest,
  DEFAULT_FUSION_SETTINGS,
  NO_IMAGES,
  settingsFromAgain,
  type FusionImages,
  type FusionSettings,
  type ImageSlot,
} from '../lib/fusion-form';
import { FusionImagesCard } from './fusion-images-card';
import { FusionSettingsCards } from './fusion-settings';
import { InstructionsCard } from './instructions-card';

type SettingErrors = Partial<Record<keyof FusionSettings, string>>;

/** What a picker says when a generation's photo is gone (a translation key). */
type GoneNotice = 'again.productGone' | 'again.contextGone';

/**
 * Spec section 2, Fusion page: pending generations, usage, the two images, the four settings cards,
 * the generate button and the instructions; the result panel takes the form's place once the
 * generation the page started has completed.
 */
export function FusionPage() {
  const { t } = useTranslation();
  // The image service is down or its provider reports a problem (spec section 2: 'API unavailable').
  const providerDown = useImagesDown();
  const { toast } = useToast();
  const title = t('dashboard.nav.fusion', { product: t('app.name') });
  useDocumentTitle(title);

  const [settings, setSettings] = useState<FusionSettings>(DEFAULT_FUSION_SETTINGS);
  const [images, setImages] = useState<FusionImages>(NO_IMAGES);
  // A ready-made scene chosen instead of a context image ("Nos décors"): the two exclude each other.
  const [sceneId, setSceneId] = useState<string | null>(null);
  const [uploading, setUploading] = useState<Record<ImageSlot, boolean>>({ product: false, context: false });
  const [showMissing, setShowMissing] = useState(false);
  const [errors, setErrors] = useState<SettingErrors>({});
  // The result replaces the form once the generation the page started has completed.
  const area = useResultArea('fusion');
  const { starter } = area;
  const active = useActiveGenerations();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const [againFrom, setAgainFrom] = useState<string | null>(null);
  // Translation keys, translated when shown: a language switch changes the notice too.
  const [notices, setNotices] = useState<Partial<Record<ImageSlot, GoneNotice>>>({});
  const location = useLocation();
  const navigate = useNavigate();

  // "Generate again with these settings": the form is filled with them (once per navigation, while
  // rendering, as React advises for state that follows a changed input) and with the generation's two
  // photos when they still exist; a photo deleted or expired since is asked for again, with a notice.
  const againRequest = readAgain(location.state, 'fusion');
  const [againKey, setAgainKey] = useState<string | null>(null);
  const [photosToFetch, setPhotosToFetch] = useState<
    (Record<ImageSlot, string | null> & { scene: string | null; sceneless: boolean }) | null
  >(null);
  if (againRequest && againKey !== location.key) {
    setAgainKey(location.key);
    const { again } = againRequest;
    area.reset();
    setSettings(settingsFromAgain(again));
    setErrors({});
    setShowMissing(false);
    setImages(NO_IMAGES);
    // A result made on one of our scenes is made on it again (one made before scenes existed has none).
    setSceneId(again.sceneId ?? null);
    setNotices({});
    setAgainFrom(againRequest.generatedAt);
    setPhotosToFetch({
      product: again.productUploadId,
      context: again.contextUploadId,
      scene: again.sceneId ?? null,
      // A marketplace image may have been made with no scene at all: nothing to fetch, nothing gone.
      sceneless: textlessFormat(again.format),
    });
    setUploading({ product: true, context: true });
  }

  const fetchedPhotos = useRef<object | null>(null);
  useEffect(() => {
    // Once per request (a language switch re-runs this effect, and must not undo the user's changes).
    if (!photosToFetch || fetchedPhotos.current === photosToFetch) return;
    fetchedPhotos.current = photosToFetch;
    // The settings are taken: a reload does not take them again.
    void navigate(location.pathname, { replace: true, state: null });
    for (const slot of ['product', 'context'] as const) {
      const id = photosToFetch[slot];
      const gone = () =>
        setNotices((current) => ({
          ...current,
          [slot]: slot === 'product' ? 'again.productGone' : 'again.contextGone',
        }));
      const done = () => setUploading((current) => ({ ...current, [slot]: false }));
      // Made on one of our scenes, or with none: there is no context image to fetch.
      if (slot === 'context' && (photosToFetch.scene || (!id && photosToFetch.sceneless))) {
        done();
        continue;
      }
      if (!id) {
        gone();
        done();
        continue;
      }
      getUpload(id)
        .then((upload) => {
          setImages((current) => ({
            ...current,
            [slot]: { uploadId: upload.id, previewUrl: upload.fileUrl, name: upload.name ?? '' },
          }));
        })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) gone();
          else
            toast({
              variant: 'destructive',
              title: t('common.error'),
              description: error instanceof Error ? error.message : t('common.genericError'),
            });
        })
        .finally(done);
    }
  }, [photosToFetch, navigate, location.pathname, t, toast]);

  function change<K extends keyof FusionSettings>(field: K, value: FusionSettings[K]) {
    setSettings((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function generate() {
    if (uploading.product || uploading.context) {
      toast({
        title: t('fusion.imagesUploading'),
        description: t('fusion.imagesUploadingDescription'),
        group: 'generation',
      });
      return;
    }
    const request = buildFusionRequest(settings, images, currentLang(), sceneId);
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
        // Replaced by the generation's own notices once the images are there and it starts.
        group: 'generation',
      });
      // Straight to the first image still missing: in sight, and the keyboard's next step.
      const slot = request.missing[0] ?? 'product';
      requestAnimationFrame(() => {
        const group = document.querySelector<HTMLElement>(`[data-image-role="${slot}"]`);
        group?.scrollIntoView({ block: 'center' });
        group?.querySelector<HTMLElement>('[data-picker-start]')?.focus({ preventScroll: true });
      });
      return;
    }
    starter.start(request.body, () => {
      // Spec section 4: after a successful start the form clears the two images (and the scene).
      setImages(NO_IMAGES);
      setSceneId(null);
      setShowMissing(false);
      setNotices({});
      setAgainFrom(null);
    });
  }

  function startOver() {
    area.reset();
    setNotices({});
    setAgainFrom(null);
    setSettings(DEFAULT_FUSION_SETTINGS);
    setImages(NO_IMAGES);
    setSceneId(null);
    setErrors({});
    setShowMissing(false);
    // The empty form replaces the result: start from its top, not halfway down where the result was.
    requestAnimationFrame(() => {
      headingRef.current?.scrollIntoView({ block: 'start' });
      headingRef.current?.focus({ preventScroll: true });
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-ink-900 outline-none sm:text-3xl"
        >
          {title}
        </h1>
        <p className="mt-1 text-ink-600">{t('fusion.subtitle')}</p>
      </div>

      <PendingBanner />
      <UsageCard />

      <ResultArea area={area} onNew={startOver}>
        {againFrom && <AgainNotice generatedAt={againFrom} onDismiss={() => setAgainFrom(null)} />}
        <FusionImagesCard
          images={images}
          notices={{
            product: notices.product && t(notices.product),
            context: notices.context && t(notices.context),
          }}
          onChange={(slot, image) => {
            setImages((current) => ({ ...current, [slot]: image }));
            setNotices((current) => ({ ...current, [slot]: undefined }));
            // An image picked for the background replaces the scene chosen.
            if (slot === 'context' && image) setSceneId(null);
          }}
          scene={{
            chosen: sceneId,
            palette: settings.palette,
            onChoose: (id) => {
              setSceneId(id);
              // A scene chosen replaces the context image for this generation.
              if (id) {
                setImages((current) => ({ ...current, context: null }));
                setNotices((current) => ({ ...current, context: undefined }));
              }
            },
          }}
          onBusyChange={(slot, busy) => setUploading((current) => ({ ...current, [slot]: busy }))}
          showMissing={showMissing}
          sceneless={textlessFormat(settings.format)}
        />
        <FusionSettingsCards settings={settings} onChange={change} errors={errors} />
        <BrandSwitch
          checked={settings.brand}
          onChange={(on) => change('brand', on)}
          className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100 sm:p-5"
        />
        {/* Below 768 px the form is long: its action stays at hand, in a bar at the bottom of the screen. */}
        <div className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-100 max-md:sticky max-md:bottom-0 max-md:z-20 max-md:-mx-4 max-md:gap-2 max-md:rounded-none max-md:pb-[calc(0.75rem+env(safe-area-inset-bottom))] max-md:shadow-[0_-8px_20px_-12px_rgb(20_24_51/0.35)] sm:p-5 sm:max-md:-mx-6">
          <GenerateControls
            label={t('generate.fusionButton')}
            onGenerate={generate}
            starting={starter.starting}
            unavailable={providerDown}
          />
          <p className="text-xs text-ink-400">{t('generate.requiredHint')}</p>
        </div>
      </ResultArea>

      <InstructionsCard typicalSeconds={active.data?.typicalSeconds} />
    </div>
  );
}
