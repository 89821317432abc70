import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { ImageIcon } from '../../../components/ui/icons';
import { CutoutPanel } from '../../cutout/components/cutout-panel';
import { ImagePicker } from '../../image-picker/components/image-picker';
import { SecurityNotice } from '../../image-picker/components/security-notice';
import type { SceneChoice } from '../../image-picker/components/scene-grid';
import { sceneThumbnail, useScenes } from '../../image-picker/api/scenes';
import type { FusionImages, ImageSlot } from '../lib/fusion-form';
import type { PickedImage } from '../../../lib/picked-image';

/**
 * The product image and the context image, both required (one of our scenes may stand in for the
 * context image; the marketplace image needs none), the product's cut-out to check and correct once it is uploaded, and the security
 * notice.
 */
export function FusionImagesCard({
  images,
  onChange,
  onBusyChange,
  showMissing,
  notices = {},
  scene,
  sceneless = false,
}: {
  images: FusionImages;
  onChange: (slot: ImageSlot, image: PickedImage | null) => void;
  onBusyChange: (slot: ImageSlot, busy: boolean) => void;
  showMissing: boolean;
  /** Per image, why it is asked for again. */
  notices?: Partial<Record<ImageSlot, string>>;
  /** The ready-made scene chosen instead of a context image ("Nos décors / Our scenes"). */
  scene: SceneChoice;
  /** The format needs no scene (the marketplace image): the context image is not missing. */
  sceneless?: boolean;
}) {
  const { t } = useTranslation();
  const scenes = useScenes();
  const chosen = scenes.data?.items.find((item) => item.id === scene.chosen);
  // The cut-out can be previewed on the scene chosen as it would be on an uploaded context image.
  const backdrop = chosen ? { previewUrl: sceneThumbnail(chosen, scene.palette) } : images.context;
  return (
    <Card
      labelledBy="fusion-images-title"
      title={t('fusion.imagesTitle')}
      description={t('fusion.imagesDescription')}
      icon={<ImageIcon />}
    >
      <div className="grid gap-6 sm:grid-cols-2">
        {(['product', 'context'] as const).map((slot) => (
          <ImagePicker
            key={slot}
            role={slot}
            label={t(slot === 'product' ? 'fusion.product' : 'fusion.context')}
            help={t(slot === 'product' ? 'fusion.productHelp' : 'fusion.contextHelp')}
            value={images[slot]}
            onChange={(image) => onChange(slot, image)}
            onBusyChange={(busy) => onBusyChange(slot, busy)}
            missing={showMissing && !(slot === 'context' && sceneless)}
            notice={notices[slot] ?? null}
            {...(slot === 'context' && { scenes: scene })}
          />
        ))}
      </div>
      {images.product && (
        <div className="mt-6">
          <CutoutPanel product={images.product} backdrop={backdrop} />
        </div>
      )}
      <div className="mt-6">
        <SecurityNotice />
      </div>
    </Card>
  );
}
