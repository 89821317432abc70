import { describe, expect, it } from 'vitest';
import {
  SIDEBAR_COOKIE_MAX_AGE_SECONDS,
  isSidebarShortcut,
  readSidebarExpanded,
  sidebarCookie,
} from './sidebar-state';

const key = (overrides: Partial<Parameters<typeof isSidebarShortcut>[0]>) => ({
  key: 'b',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...overrides,
});

describe('sidebar state', () => {
  it('is saved in the sidebar_state cookie for 7 days', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(604_800);
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; samesite=lax');
    expect(sidebarCookie(true)).toMatch(/^sidebar_state=true;/);
  });

  it('is restored from the cookie, and expanded when there is none', () => {
    expect(readSidebarExpanded('')).toBe(true);
    expect(readSidebarExpanded('theme=dark; sidebar_state=false')).toBe(false);
    expect(readSidebarExpanded('sidebar_state=true; other=1')).toBe(true);
    expect(readSidebarExpanded('my_sidebar_state=false')).toBe(true);
  });

  it('is toggled by Ctrl+B or Cmd+B, not by B alone or with other modifiers', () => {
    expect(isSidebarShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({ metaKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({ key: 'B', ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({}))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key({ key: 'c', ctrlKey: true }))).toBe(false);
  });
});
