import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page reached by a link opens at its top, or at the part its address names (/#pricing); a link to
 * the page one is on goes back to its top too; the same page with another query set in place (a notice
 * closed) stays where it is. Back and forward are left to the browser, which returns to where the
 * reader was, and so is the first page: a reader who scrolled the prerendered page before its code
 * arrived stays there.
 */
export function useScrollToTop(): void {
  const { pathname, hash, key } = useLocation();
  const navigation = useNavigationType();
  const seen = useRef<{ key: string; place: string } | null>(null);
  useLayoutEffect(() => {
    const place = `${pathname}${hash}`;
    const before = seen.current;
    seen.current = { key, place };
    if (!before || before.key === key || navigation === 'POP') return;
    // A query changed in place (a notice closed) is no new page.
    if (navigation === 'REPLACE' && before.place === place) return;
    let target: HTMLElement | null = null;
    try {
      target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    } catch {
      // A malformed address: the top of the page.
    }
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, key, navigation]);
}
