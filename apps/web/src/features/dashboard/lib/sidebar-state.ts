/** Sidebar rules from the spec (sections 4 and 9): the remembered state, its cookie and the shortcut. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** Under 768 px the sidebar becomes an off-canvas sheet. */
export const MOBILE_MEDIA_QUERY = '(max-width: 767.98px)';

/** Expanded unless the cookie says otherwise: a first visit shows the labels. */
export function readSidebarExpanded(cookieHeader: string): boolean {
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE_NAME) return value !== 'false';
  }
  return true;
}

export function sidebarCookie(expanded: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${expanded}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Ctrl+B, or Cmd+B on a Mac. */
export function isSidebarShortcut(event: KeyPress): boolean {
  return (
    event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
  );
}
