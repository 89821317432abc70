/**
 * Loads the shipped faces the text layers use, for the characters they hold, and counts each load that
 * finishes: the canvas waits for the first one before drawing and redraws after each later one, so a
 * font picked in the form shows in its own face as soon as it has arrived.
 */
import { useEffect, useState } from 'react';
import type { EditorFont, EditorWeight, TextLayer } from '@vitrine/shared/api/editor';
import { loadEditorFonts, type FontRequest } from '../fonts';

/** One line per face in use: "font|weight|characters", sorted, so an unchanged set keeps its key. */
function facesKey(texts: readonly TextLayer[]): string {
  const chars = new Map<string, Set<string>>();
  for (const text of texts) {
    const key = `${text.fontFamily}|${text.fontWeight}`;
    const set = chars.get(key) ?? new Set<string>();
    for (const char of text.text) set.add(char);
    chars.set(key, set);
  }
  return [...chars]
    .map(([face, set]) => `${face}|${[...set].sort().join('')}`)
    .sort()
    .join('\n');
}

function requestsOf(key: string): FontRequest[] {
  if (!key) return [];
  return key.split('\n').map((line) => {
    const [fontFamily, fontWeight, ...rest] = line.split('|');
    return {
      fontFamily: fontFamily as EditorFont,
      fontWeight: fontWeight as EditorWeight,
      text: rest.join('|'),
    };
  });
}

export function useEditorFonts(texts: readonly TextLayer[]): number {
  const [loads, setLoads] = useState(0);
  const key = facesKey(texts);
  useEffect(() => {
    let live = true;
    void loadEditorFonts(requestsOf(key)).then(() => live && setLoads((n) => n + 1));
    return () => {
      live = false;
    };
  }, [key]);
  return loads;
}
