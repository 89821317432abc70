/** The dashboard sidebar's state: expanded or collapsed on wide screens, an off-canvas sheet on phones. */
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  MOBILE_MEDIA_QUERY,
  isSidebarShortcut,
  readSidebarExpanded,
  sidebarCookie,
} from '../lib/sidebar-state';
import { useMediaQuery } from '../../../lib/use-media-query';

export type SidebarState = {
  isMobile: boolean;
  expanded: boolean;
  sheetOpen: boolean;
  toggle: () => void;
  closeSheet: () => void;
};

export function useSidebar(): SidebarState {
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState(() => readSidebarExpanded(document.cookie));
  // The sheet remembers the page it was opened on, so any navigation (a link, the browser's back
  // button) closes it without an effect watching the location.
  const [sheetPath, setSheetPath] = useState<string | null>(null);
  const sheetOpen = isMobile && sheetPath === pathname;

  const closeSheet = useCallback(() => setSheetPath(null), []);
  const toggle = useCallback(() => {
    if (isMobile) {
      setSheetPath(sheetOpen ? null : pathname);
      return;
    }
    document.cookie = sidebarCookie(!expanded);
    setExpanded(!expanded);
  }, [isMobile, sheetOpen, pathname, expanded]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (isSidebarShortcut(event)) {
        event.preventDefault();
        toggle();
      } else if (event.key === 'Escape' && sheetOpen) {
        closeSheet();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle, closeSheet, sheetOpen]);

  // The page behind an open sheet must not scroll under the user's finger.
  useEffect(() => {
    if (!sheetOpen) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [sheetOpen]);

  return { isMobile, expanded, sheetOpen, toggle, closeSheet };
}
