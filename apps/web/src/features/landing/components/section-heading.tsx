/**
 * A section's title and optional subtitle, centred. `focusable`: the page may move the keyboard to it
 * (when what had focus inside the section goes away).
 */
export function SectionHeading({
  id,
  title,
  subtitle,
  focusable = false,
}: {
  id?: string;
  title: string;
  subtitle?: string;
  focusable?: boolean;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <h2
        id={id}
        tabIndex={focusable ? -1 : undefined}
        className="text-3xl font-bold tracking-tight text-ink-900 text-balance outline-none sm:text-4xl"
      >
        {title}
      </h2>
      {subtitle && <p className="mt-4 text-lg text-ink-600">{subtitle}</p>}
    </div>
  );
}
