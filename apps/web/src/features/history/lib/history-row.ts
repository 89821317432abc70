/** What one history line shows (spec sections 2 and 4, History page and history item). */
import type { GenerationResult } from '@vitrine/shared/api/generations';
import type { MessageKey } from '@vitrine/shared/i18n/catalog';
import { previewUrl } from '../../../lib/result-images';
import { styleLabel } from '../../generations/lib/option-labels';
import type { MessageLine } from '../../../lib/message-line';

export type HistoryRow = {
  /** The thumbnail, or null for 'N/A'. */
  thumbnail: string | null;
  style: MessageLine;
  badge: { key: MessageKey; tone: 'amber' | 'green' };
};

export function historyRow(item: GenerationResult): HistoryRow {
  return {
    thumbnail: previewUrl(item),
    style: styleLabel(item.mode, item.style) ?? { key: 'generations.notSpecified' },
    badge:
      item.availability === 'expiring'
        ? { key: 'history.expiringSoon', tone: 'amber' }
        : { key: 'history.available', tone: 'green' },
  };
}
