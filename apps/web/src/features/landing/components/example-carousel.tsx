import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../lib/use-media-query';
import { EXAMPLES, srcSet } from '../lib/examples';

/** Spec section 9: the carousel's delay. */
export const CAROUSEL_DELAY_MS = 3000;

/** How wide an image shows: its share of a slide, one slide a third, half or all of the width. */
const slideSizes = (share: number) => {
  const w = (n: number) => Math.round(n * share);
  return `(min-width: 1152px) ${w(330)}px, (min-width: 1024px) ${w(30)}vw, (min-width: 768px) ${w(45)}vw, ${w(85)}vw`;
};

const arrow = (d: string) => (
  <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
    <path
      d={d}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * Six example images, looping every 3 s (spec section 2): 1 slide under 768 px, 2 from 768, 3 from 1024.
 * Autoplay goes on after prev/next/dots, stops while the pointer is over it or keyboard focus is in it,
 * with its pause button, and never starts when the visitor asked for reduced motion. Touch swipes
 * scroll the track (scroll snap); arrow keys move it.
 */
export function ExampleCarousel() {
  const { t } = useTranslation();
  const total = EXAMPLES.length;
  const medium = useMediaQuery('(min-width: 768px)');
  const large = useMediaQuery('(min-width: 1024px)');
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const visible = large ? 3 : medium ? 2 : 1;
  const last = total - visible;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  // Bumped by every interaction: the 3 s wait starts again from there.
  const [tick, setTick] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  const trackId = useId();
  const playing = !hovered && !focused && !stopped && !reducedMotion;

  const goTo = useCallback(
    (target: number) => {
      const next = target > last ? 0 : target < 0 ? last : target;
      setIndex(next);
      const el = track.current;
      const slide = el?.children[next] as HTMLElement | undefined;
      if (el && slide)
        el.scrollTo({ left: slide.offsetLeft - el.offsetLeft, behavior: reducedMotion ? 'auto' : 'smooth' });
    },
    [last, reducedMotion],
  );

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => goTo(index + 1), CAROUSEL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index, tick, goTo]);

  const interact = (target: number) => {
    goTo(target);
    setTick((n) => n + 1);
  };

  // A swipe scrolls the track: once it settles, the current slide follows (not during a smooth scroll,
  // whose passing positions are not the slide it goes to).
  const settle = useRef<number | undefined>(undefined);
  const onScroll = () => {
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(() => {
      const el = track.current;
      const first = el?.children[0] as HTMLElement | undefined;
      if (!el || !first) return;
      setIndex(Math.min(last, Math.round(el.scrollLeft / first.offsetWidth)));
    }, 150);
  };
  useEffect(() => () => window.clearTimeout(settle.current), []);

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-label={t('landing.carousel.label')}
      className="relative"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => setFocused(event.target.matches(':focus-visible'))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        ref={track}
        id={trackId}
        tabIndex={0}
        aria-live={playing ? 'off' : 'polite'}
        aria-label={t('landing.carousel.label')}
        onScroll={onScroll}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') interact(index + 1);
          else if (event.key === 'ArrowLeft') interact(index - 1);
          else return;
          event.preventDefault();
        }}
        className="-mx-2 flex snap-x snap-mandatory overflow-x-auto motion-safe:scroll-smooth rounded-2xl [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {EXAMPLES.map((example, i) => {
          const { name, width, height } = example;
          // The image's share of the slide's width: the frame is 4:5, the image fits inside it.
          const share = Math.min(1, (1.25 * width) / height);
          const sizes = slideSizes(share);
          return (
            <figure
              key={name}
              role="group"
              aria-roledescription="slide"
              aria-label={t('landing.carousel.slide', { n: i + 1, total })}
              className="w-full shrink-0 snap-start px-2 md:w-1/2 lg:w-1/3"
            >
              <div className="flex aspect-[4/5] items-center justify-center rounded-2xl bg-gradient-to-br from-brand-50 to-ink-100 p-5 ring-1 ring-ink-900/5 sm:p-6">
                <picture className="contents">
                  <source type="image/avif" srcSet={srcSet(name, 'avif')} sizes={sizes} />
                  <img
                    src={`/examples/${name}-540.webp`}
                    srcSet={srcSet(name, 'webp')}
                    sizes={sizes}
                    width={width}
                    height={height}
                    loading="lazy"
                    decoding="async"
                    alt={t(`landing.carousel.${name}Alt`)}
                    className="h-auto max-h-full w-auto max-w-full rounded-lg shadow-lg"
                  />
                </picture>
              </div>
              <figcaption className="mt-3 text-center text-sm text-ink-600">
                <span className="font-semibold text-ink-800">{t(`landing.carousel.${name}`)}</span>
                <span aria-hidden="true"> · </span>
                {t(`landing.carousel.${name}Options`)}
              </figcaption>
            </figure>
          );
        })}
      </div>
      <div className="mt-6 flex items-center justify-center gap-3">
        <button
          type="button"
          aria-controls={trackId}
          aria-label={t('landing.carousel.previous')}
          onClick={() => interact(index - 1)}
          className="grid size-11 place-items-center rounded-full border border-ink-200 bg-white text-ink-800 shadow-sm transition hover:border-brand-500 hover:text-brand-700"
        >
          {arrow('M12.5 4.5 7 10l5.5 5.5')}
        </button>
        <div className="flex items-center">
          {Array.from({ length: last + 1 }, (_, i) => (
            <button
              key={i}
              type="button"
              aria-controls={trackId}
              aria-label={t('landing.carousel.goTo', { n: i + 1 })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => interact(i)}
              className="grid size-8 place-items-center"
            >
              <span
                className={`block h-2 rounded-full transition-all ${i === index ? 'w-6 bg-brand-600' : 'w-2 bg-ink-200'}`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          aria-controls={trackId}
          aria-label={t('landing.carousel.next')}
          onClick={() => interact(index + 1)}
          className="grid size-11 place-items-center rounded-full border border-ink-200 bg-white text-ink-800 shadow-sm transition hover:border-brand-500 hover:text-brand-700"
        >
          {arrow('M7.5 4.5 13 10l-5.5 5.5')}
        </button>
        <button
          type="button"
          aria-label={t(stopped ? 'landing.carousel.play' : 'landing.carousel.pause')}
          aria-pressed={stopped}
          onClick={() => setStopped((s) => !s)}
          className="grid size-11 place-items-center rounded-full text-ink-600 transition hover:bg-ink-100 hover:text-ink-900"
        >
          <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" fill="currentColor">
            {stopped ? <path d="M6 4.5v11l9-5.5z" /> : <path d="M5.5 4h3v12h-3zM11.5 4h3v12h-3z" />}
          </svg>
        </button>
      </div>
    </div>
  );
}
