import type { ComponentProps } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-styles';
import { Spinner } from './spinner';

/** A button in the shared look; `busy` shows a spinner beside the label while the server works. */
export function Button({
  variant,
  size,
  className = '',
  type = 'button',
  busy = false,
  children,
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize; busy?: boolean }) {
  return (
    <button
      {...props}
      type={type}
      aria-busy={busy || undefined}
      className={buttonClasses(variant, size, className)}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
