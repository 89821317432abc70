import { useTranslation } from 'react-i18next';
import type { FusionPalette } from '@vitrine/shared/api/generation';
import { Button } from '../../../components/ui/button';
import { CheckIcon, CloseIcon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { sceneName, sceneThumbnail, useScenes } from '../api/scenes';

export type SceneChoice = {
  /** The scene chosen, or null. */
  chosen: string | null;
  onChoose: (sceneId: string | null) => void;
  /** A studio sweep's thumbnail shows the palette the form has chosen. */
  palette: FusionPalette;
};

/**
 * "Nos décors / Our scenes": the ready-made scenes as a grid of tiles with their names (buttons: Tab,
 * Enter and Space work; the one chosen is pressed, ringed and ticked). Choosing one stands in for the
 * upload; choosing it again, or Remove, undoes it.
 */
export function SceneGrid({
  label,
  choice,
  disabled,
}: {
  label: string;
  choice: SceneChoice;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const scenes = useScenes();
  const items = scenes.data?.items ?? [];
  const chosen = items.find((scene) => scene.id === choice.chosen);

  if (scenes.isPending)
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-ink-600">
        <Spinner className="size-4 text-brand-600" />
        {t('imagePicker.scenesLoading')}
      </p>
    );
  if (scenes.isError) return <p className="py-6 text-sm text-red-700">{t('imagePicker.scenesFailed')}</p>;

  return (
    <section aria-label={t('imagePicker.scenesRegion', { label })} className="flex min-w-0 flex-col gap-2">
      {chosen ? (
        <div className="flex items-center gap-2 rounded-lg bg-brand-50 px-3 py-2 ring-1 ring-brand-100">
          <CheckIcon className="size-4 shrink-0 text-brand-700" />
          <div className="min-w-0 flex-1">
            <p role="status" className="line-clamp-2 text-sm font-medium text-ink-900">
              {t('imagePicker.sceneChosen', { name: sceneName(chosen) })}
            </p>
            {/* Photos under CC BY are credited where they are chosen. */}
            {!chosen.studio && (
              <p className="line-clamp-2 text-xs text-ink-600">
                {t('imagePicker.sceneCredit', { author: chosen.author, licence: chosen.licence })}
              </p>
            )}
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => choice.onChoose(null)}
            disabled={disabled}
            aria-label={t('imagePicker.sceneRemoveLabel', { name: sceneName(chosen) })}
            className="hover:bg-red-50 hover:text-red-700"
          >
            <CloseIcon className="size-4" />
            <span className="hidden sm:inline">{t('imagePicker.sceneRemove')}</span>
          </Button>
        </div>
      ) : (
        <p className="text-sm text-ink-600">{t('imagePicker.scenesIntro')}</p>
      )}
      {/* On a phone the page scrolls; from 640 px the tiles scroll in their own panel beside the product. */}
      <ul className="grid grid-cols-2 gap-2 rounded-xl bg-ink-50 p-2 ring-1 ring-ink-200 sm:max-h-[31rem] sm:scroll-py-2 sm:grid-cols-3 sm:overflow-y-auto">
        {items.map((scene) => {
          const name = sceneName(scene);
          const pressed = scene.id === choice.chosen;
          return (
            <li key={scene.id} className="min-w-0">
              <button
                type="button"
                aria-pressed={pressed}
                disabled={disabled}
                onClick={() => choice.onChoose(pressed ? null : scene.id)}
                data-scene-id={scene.id}
                title={name}
                className={`group flex w-full flex-col overflow-hidden rounded-lg bg-white text-left ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50 ${
                  pressed ? 'ring-2 ring-brand-600' : 'ring-ink-200 hover:ring-2 hover:ring-brand-500'
                }`}
              >
                <span className="relative block aspect-[4/3] w-full overflow-hidden bg-ink-100">
                  <img
                    src={sceneThumbnail(scene, choice.palette)}
                    alt={name}
                    loading="lazy"
                    className="size-full object-cover transition group-hover:scale-[1.03]"
                  />
                  {pressed && (
                    <span className="absolute top-1.5 right-1.5 grid size-6 place-items-center rounded-full bg-brand-600 text-white shadow">
                      <CheckIcon className="size-4" />
                    </span>
                  )}
                </span>
                <span aria-hidden="true" className="px-2 pt-1.5 pb-2">
                  <span className="line-clamp-2 text-xs leading-snug font-medium text-ink-800">{name}</span>
                  {scene.studio && (
                    <span className="mt-0.5 block text-[11px] leading-tight text-ink-500">
                      {t('imagePicker.sceneStudio')}
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
