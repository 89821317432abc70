import { useEffect } from 'react';
import { DASHBOARD_HEADER_ID } from '../components/dashboard-header';

/**
 * The dashboard's header stays on top of the page and grows while it holds notices. What the page
 * brings into view (a result, a field to fill) lands below it, whatever its height at that moment; and
 * when it grows, the page moves down under it instead of the browser keeping the page still, which
 * would slide the header over what was in view.
 */
export function useHeaderClearance(): void {
  useEffect(() => {
    const header = document.getElementById(DASHBOARD_HEADER_ID);
    const root = document.documentElement;
    if (!header) return;
    const follow = () => {
      root.style.scrollPaddingTop = `${header.offsetHeight}px`;
    };
    follow();
    root.style.overflowAnchor = 'none';
    const observer = new ResizeObserver(follow);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = '';
      root.style.overflowAnchor = '';
    };
  }, []);
}
