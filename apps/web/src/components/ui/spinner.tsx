/** A small spinner for buttons that wait on the server; the button's label says what is happening. */
export function Spinner({ className = 'size-4' }: { className?: string }) {
  return (
    <span
      className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
      aria-hidden="true"
    />
  );
}
