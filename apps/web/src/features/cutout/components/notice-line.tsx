import type { ReactElement } from 'react';

/** What the editor says under the photo: it is a modal, so page notices would show behind it. */
export type Notice = { tone: keyof typeof NOTICE_TONES; text: string } | null;
const NOTICE_TONES = {
  error: 'bg-red-50 text-red-800 ring-red-200',
  warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  done: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  info: 'bg-ink-50 text-ink-800 ring-ink-200',
} as const;

/**
 * The editor's notice line. Both live regions are always there, empty when there is nothing to say: a
 * region that appears with its text already in it is often not read out.
 */
export function NoticeLine({ notice }: { notice: Notice }): ReactElement {
  const line = notice && (
    <p className={`rounded-lg px-3 py-2 text-sm ring-1 ${NOTICE_TONES[notice.tone]}`}>{notice.text}</p>
  );
  // Empty, it takes no room: the gap the footer puts above it is taken back.
  return (
    <div className={notice ? '' : '-mb-3'}>
      <div role="alert">{notice?.tone === 'error' && line}</div>
      <div role="status">{notice && notice.tone !== 'error' && line}</div>
    </div>
  );
}
