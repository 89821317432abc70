import type { TFunction } from 'i18next';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';

/** A line of a toast or notice: a catalog key, or a text the server already translated. */
export type MessageLine = { key: MessageKey } | { text: string };

export function messageText(t: TFunction, line: MessageLine): string {
  return 'key' in line ? t(line.key) : line.text;
}
