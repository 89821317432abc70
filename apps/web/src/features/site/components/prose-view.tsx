import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProseDocument } from '@vitrine/shared/api/site';

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;
const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** Text with its `[label](/path)` links: site paths become router links, other addresses plain links. */
export function renderInline(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, href] = match as unknown as [string, string, string];
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      href.startsWith('/') && !href.startsWith('//') ? (
        <Link key={match.index} to={href} className={linkClass}>
          {label}
        </Link>
      ) : (
        <a key={match.index} href={href} className={linkClass} rel="noopener noreferrer">
          {label}
        </a>
      ),
    );
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function headingId(heading: string, index: number): string {
  const slug = heading
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${index + 1}-${slug}`;
}

/** A company or legal page written as data: title, lead, numbered-free sections with their lists. */
export function ProseView({
  document,
  children,
  featuredLead = false,
}: {
  document: ProseDocument;
  children?: ReactNode;
  /** The lead set apart in a brand panel (the about page's motto). */
  featuredLead?: boolean;
}) {
  return (
    <article className="mx-auto max-w-3xl px-5 py-14 sm:px-6 sm:py-20">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">{document.title}</h1>
      {document.lead &&
        (featuredLead ? (
          <p className="mt-6 rounded-2xl border-l-4 border-brand-500 bg-brand-50 px-5 py-4 text-lg font-semibold leading-snug text-brand-900 sm:text-xl">
            {renderInline(document.lead)}
          </p>
        ) : (
          <p className="mt-5 text-lg text-ink-600">{renderInline(document.lead)}</p>
        ))}
      <div className="mt-10 space-y-10">
        {document.sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={headingId(section.heading, index)}>
            <h2 id={headingId(section.heading, index)} className="text-xl font-bold text-ink-900">
              {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-ink-800">
                {renderInline(paragraph)}
              </p>
            ))}
            {section.items && (
              <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-ink-800 marker:text-brand-500">
                {section.items.map((item) => (
                  <li key={item}>{renderInline(item)}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
      {children}
    </article>
  );
}
