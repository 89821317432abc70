import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerationResult } from '@vitrine/shared/api/generations';
import { Button } from '../../../components/ui/button';
import {
  ArrowLeftIcon,
  CheckIcon,
  DownloadIcon,
  ImageIcon,
  PlusIcon,
  ShareIcon,
} from '../../../components/ui/icons';
import { formatLongDate } from '../../../lib/format-date';
import { ImageEditor } from '../../editor/components/image-editor';
import { ViewableImage } from '../../image-viewer/components/viewable-image';
import { canShareFiles, useImageActions } from '../hooks/use-image-actions';
import { useVariantChoice } from '../hooks/use-variant-choice';
import { prefetchImage } from '../lib/image-blob';
import { formatGroups, resultImages } from '../../../lib/result-images';
import { GenerateAgainLink } from './generate-again-link';
import { ArchiveLinks, groupOf, ResultVariants } from './result-variants';

/**
 * Spec section 2, Result panel: 'Image sélectionnée !', the variants to pick from, back, download, add
 * logo, share and new image. Add logo switches the panel to the editor view on the chosen variant; the
 * editor's back returns to the result view.
 */
export function ResultPanel({
  result,
  onBack,
  onNew,
  headingLevel = 2,
  framed = true,
  focusOnShow = false,
}: {
  result: GenerationResult;
  onBack: () => void;
  onNew?: () => void;
  headingLevel?: 2 | 3;
  /** False inside a dialog, which already draws the frame. */
  framed?: boolean;
  /** The result just arrived: keyboard focus moves to its title, so it is read out. */
  focusOnShow?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const images = resultImages(result);
  const { selected, pick } = useVariantChoice(result);
  const { download, downloading, share } = useImageActions();
  const titleId = useId();
  const [view, setView] = useState<'result' | 'editor'>('result');
  const addLogoRef = useRef<HTMLButtonElement>(null);
  const returning = useRef(false);
  const current = images[selected] ?? images[0];
  // The viewer pages through the variants of the format shown.
  const shown = groupOf(formatGroups(images), selected)?.indices ?? [];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus({ preventScroll: true });
  }, [focusOnShow, result.id]);
  // The file to share is ready before the tap (a share sheet opens only while the tap still counts).
  useEffect(() => {
    if (current && canShareFiles()) prefetchImage(current.url);
  }, [current]);
  // Back from the editor: focus returns to the button that opened it.
  useEffect(() => {
    if (view === 'result' && returning.current) {
      returning.current = false;
      addLogoRef.current?.focus();
    }
  }, [view]);

  if (view === 'editor' && current)
    return (
      <div
        className={framed ? 'overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-100' : 'bg-white'}
      >
        <ImageEditor
          result={result}
          imageIndex={selected}
          startWithLogo
          onBack={() => {
            returning.current = true;
            setView('result');
          }}
        />
      </div>
    );

  return (
    <section
      aria-labelledby={titleId}
      className={framed ? 'rounded-2xl bg-white shadow-sm ring-1 ring-ink-100' : 'bg-white'}
    >
      <header className="flex flex-wrap items-center gap-3 border-b border-ink-100 px-4 py-3 sm:px-6">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeftIcon className="size-4" />
          {t('result.back')}
        </Button>
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <span className="grid size-7 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700">
            <CheckIcon className="size-4" />
          </span>
          <Heading
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            className="truncate text-base font-semibold text-ink-900 focus:outline-none focus-visible:outline-2 sm:text-lg"
          >
            {t('result.title')}
          </Heading>
        </div>
      </header>

      <div className="grid gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="min-w-0">
          {current ? (
            <figure>
              <div className="grid place-items-center overflow-hidden rounded-xl bg-ink-50 ring-1 ring-ink-100">
                <ViewableImage
                  images={shown.map((index, place) => ({
                    url: images[index]!.url,
                    alt: t('result.imageAlt', { index: place + 1 }),
                  }))}
                  index={Math.max(shown.indexOf(selected), 0)}
                  width={current.width || undefined}
                  height={current.height || undefined}
                  className="max-h-[65vh] w-auto max-w-full object-contain"
                />
              </div>
              <figcaption className="mt-2 flex flex-wrap gap-x-3 text-xs text-ink-600">
                {current.width > 0 && (
                  <span>{t('result.size', { width: current.width, height: current.height })}</span>
                )}
                <span>
                  {t('result.keptUntil', { date: formatLongDate(result.expiresAt, i18n.language) })}
                </span>
              </figcaption>
            </figure>
          ) : (
            <p className="grid h-48 place-items-center rounded-xl bg-ink-50 text-sm text-ink-600">
              {t('result.noImage')}
            </p>
          )}
        </div>

        <div className="flex flex-col gap-5">
          <p className="text-sm text-ink-600">{t('result.subtitle')}</p>
          <ResultVariants mode={result.mode} images={images} selected={selected} onPick={pick} />
          <div className="flex flex-col gap-2">
            <Button
              onClick={() => current && void download(current.url)}
              disabled={!current || downloading}
              busy={downloading}
            >
              {!downloading && <DownloadIcon className="size-4.5" />}
              {t(downloading ? 'result.downloading' : 'result.download')}
            </Button>
            <ArchiveLinks resultId={result.id} images={images} selected={selected} />
            <Button
              variant="secondary"
              onClick={() => current && void share(current.url)}
              disabled={!current}
            >
              <ShareIcon className="size-4.5" />
              {t('result.share')}
            </Button>
            <Button
              ref={addLogoRef}
              variant="secondary"
              onClick={() => setView('editor')}
              disabled={!current}
            >
              <ImageIcon className="size-4.5" />
              {t('result.addLogo')}
            </Button>
            <GenerateAgainLink result={result} />
            {onNew && (
              <Button variant="ghost" onClick={onNew} className="mt-1">
                <PlusIcon className="size-4.5" />
                {t('result.newImage')}
              </Button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
