/** The one look of buttons, shared by <button>s and by router links that look like buttons. */
const VARIANTS = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary: 'border border-ink-200 bg-white text-ink-800 hover:border-brand-500 hover:text-brand-700',
  ghost: 'text-ink-600 hover:bg-ink-100 hover:text-ink-900',
  /** The upgrade call to action. */
  accent: 'bg-accent-400 text-brand-900 shadow-sm hover:bg-accent-500',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
} as const;

const SIZES = {
  md: 'gap-2 rounded-lg px-5 py-2.5 text-sm',
  sm: 'gap-1.5 rounded-lg px-3 py-2 text-sm',
  icon: 'size-9 rounded-lg',
} as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export function buttonClasses(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra = '',
): string {
  return `inline-flex shrink-0 items-center justify-center font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${VARIANTS[variant]} ${SIZES[size]} ${extra}`;
}
