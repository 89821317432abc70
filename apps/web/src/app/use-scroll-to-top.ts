import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A page reached by a link opens at its top, or at the part its address names (/#pricing); the same
 * page with another query (a notice closed) stays where it is. Back and forward are left to the
 * browser, which returns to where the reader was, and so is the first page: a reader who scrolled the
 * prerendered page before its code arrived stays there.
 */
export function useScrollToTop(): void {
  const { pathname, hash } = useLocation();
  const navigation = useNavigationType();
  const seen = useRef<string | null>(null);
  useLayoutEffect(() => {
    const place = `${pathname}${hash}`;
    const first = seen.current === null;
    const moved = seen.current !== place;
    seen.current = place;
    if (first || !moved || navigation === 'POP') return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigation]);
}
