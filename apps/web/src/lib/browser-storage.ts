/**
 * The browser's local storage, or undefined where there is none: while the public pages are rendered at
 * build time, and where the browser blocks it (reading the property itself throws there).
 */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
