import { Link, type LinkProps } from 'react-router';

const VARIANTS = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary: 'border border-ink-200 bg-white text-ink-800 hover:border-brand-500 hover:text-brand-700',
} as const;

/** A router link that looks like a button. */
export function ButtonLink({
  variant = 'primary',
  className = '',
  ...props
}: LinkProps & { variant?: keyof typeof VARIANTS }) {
  return (
    <Link
      {...props}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition ${VARIANTS[variant]} ${className}`}
    />
  );
}
