import type { ReactNode } from 'react';

/** A white panel with a titled header; `actions` sit on the header's right (an Edit button, say). */
export function Card({
  title,
  description,
  icon,
  actions,
  children,
  labelledBy,
}: {
  title: string;
  description?: string;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  labelledBy: string;
}) {
  return (
    <section aria-labelledby={labelledBy} className="rounded-2xl bg-white shadow-sm ring-1 ring-ink-100">
      <header className="flex items-start justify-between gap-4 border-b border-ink-100 px-5 py-4 sm:px-6">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          {icon && (
            <span className="hidden size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 sm:grid">
              {icon}
            </span>
          )}
          <div className="min-w-0">
            <h2 id={labelledBy} className="text-base font-semibold text-ink-900">
              {title}
            </h2>
            {description && <p className="mt-0.5 text-sm text-ink-600">{description}</p>}
          </div>
        </div>
        {actions}
      </header>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}
