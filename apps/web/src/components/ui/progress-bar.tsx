/** A determinate bar with its value exposed to assistive technology. */
export function ProgressBar({
  value,
  label,
  tone = 'brand',
  size = 'md',
}: {
  value: number;
  label: string;
  tone?: 'brand' | 'green' | 'yellow' | 'red';
  size?: 'sm' | 'md';
}) {
  const colour = {
    brand: 'bg-brand-600',
    green: 'bg-emerald-500',
    yellow: 'bg-amber-400',
    red: 'bg-red-500',
  }[tone];
  const clamped = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={`w-full overflow-hidden rounded-full bg-ink-100 ${size === 'sm' ? 'h-1.5' : 'h-2.5'}`}
    >
      <div
        className={`h-full rounded-full transition-[width] duration-500 ease-out ${colour}`}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
