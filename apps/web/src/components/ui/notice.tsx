import type { ReactNode } from 'react';

export type NoticeTone = 'info' | 'danger' | 'quiet';

const TONES: Record<NoticeTone, { box: string; icon: string; title: string; body: string }> = {
  info: {
    box: 'bg-brand-50 ring-brand-100',
    icon: 'text-brand-600',
    title: 'text-brand-900',
    body: 'text-brand-900',
  },
  danger: {
    box: 'bg-red-50 ring-red-200',
    icon: 'text-red-600',
    title: 'text-red-900',
    body: 'text-red-900',
  },
  quiet: {
    box: 'bg-ink-50 ring-ink-100',
    icon: 'text-emerald-600',
    title: 'text-ink-900',
    body: 'text-ink-600',
  },
};

/**
 * A notice that stays on the page (not a toast): an icon, a title and a sentence or two. `role` makes
 * it announced: 'alert' for a problem, 'status' for news the user is waiting for.
 */
export function Notice({
  tone,
  icon,
  title,
  children,
  role,
  className = '',
}: {
  tone: NoticeTone;
  icon: ReactNode;
  title: ReactNode;
  children: ReactNode;
  role?: 'alert' | 'status';
  className?: string;
}) {
  const style = TONES[tone];
  return (
    <div role={role} className={`flex gap-3 rounded-xl px-4 py-3 text-sm ring-1 ${style.box} ${className}`}>
      <span aria-hidden="true" className={`mt-0.5 flex shrink-0 ${style.icon}`}>
        {icon}
      </span>
      <div className="min-w-0">
        <p className={`font-semibold ${style.title}`}>{title}</p>
        <div className={`mt-0.5 ${style.body}`}>{children}</div>
      </div>
    </div>
  );
}
