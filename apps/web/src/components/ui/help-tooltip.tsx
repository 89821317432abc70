import { useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpIcon } from './icons';

const WIDTH = 256;
const MARGIN = 8;

/** Centred under the button, kept inside the viewport (a narrow phone included). */
function placement(button: HTMLElement): CSSProperties {
  const rect = button.getBoundingClientRect();
  const width = Math.min(WIDTH, window.innerWidth - 2 * MARGIN);
  const centred = rect.left + rect.width / 2 - width / 2;
  const left = Math.min(Math.max(MARGIN, centred), window.innerWidth - width - MARGIN);
  return { position: 'fixed', top: rect.bottom + MARGIN, left, width };
}

/**
 * A help mark beside a field label. The text describes the button (aria-describedby) so screen readers
 * read it on focus; it shows on hover, on keyboard focus and on tap, and Escape hides it.
 */
export function HelpTooltip({ field, text }: { field: string; text: string }) {
  const { t } = useTranslation();
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [pinned, setPinned] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({ position: 'fixed', top: 0, left: 0, width: WIDTH });
  const visible = pinned || hovered || focused;

  useLayoutEffect(() => {
    const button = buttonRef.current;
    if (!visible || !button) return;
    const place = () => setStyle(placement(button));
    place();
    window.addEventListener('scroll', place, { passive: true, capture: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, { capture: true });
      window.removeEventListener('resize', place);
    };
  }, [visible]);

  function hide() {
    setPinned(false);
    setHovered(false);
    setFocused(false);
  }

  return (
    <span
      className="inline-flex align-middle"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label={t('generate.help', { field })}
        aria-describedby={id}
        aria-expanded={visible}
        onClick={() => setPinned((value) => !value)}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && visible) {
            event.stopPropagation();
            hide();
          }
        }}
        className="grid size-5 place-items-center rounded-full text-ink-400 transition hover:text-brand-600 focus-visible:text-brand-600"
      >
        <HelpIcon className="size-4" />
      </button>
      <span
        id={id}
        role="tooltip"
        style={style}
        className={`z-50 rounded-lg bg-ink-900 px-3 py-2 text-left text-xs leading-relaxed font-normal tracking-normal text-white normal-case shadow-lg transition-opacity ${
          visible ? 'opacity-100' : 'pointer-events-none invisible opacity-0'
        }`}
      >
        {text}
      </span>
    </span>
  );
}
