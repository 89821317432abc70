/** Toasts: short notices in a corner, 'destructive' for errors (spec's 'Erreur' notices). */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type Toast = { id: number; title: string; description?: string; variant?: 'default' | 'destructive' };
type ToastApi = { toast(toast: Omit<Toast, 'id'>): void };

const ToastContext = createContext<ToastApi | null>(null);
const TOAST_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const toast = useCallback((t: Omit<Toast, 'id'>) => {
    const id = Date.now() + Math.random();
    setToasts((all) => [...all.slice(-3), { ...t, id }]);
    setTimeout(() => setToasts((all) => all.filter((x) => x.id !== id)), TOAST_MS);
  }, []);
  const api = useMemo(() => ({ toast }), [toast]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2"
        aria-live="polite"
      >
        {toasts.map((t) => (
          <div
            key={t.id}
            role={t.variant === 'destructive' ? 'alert' : 'status'}
            className={`pointer-events-auto rounded-xl px-4 py-3 shadow-lg ring-1 ${
              t.variant === 'destructive'
                ? 'bg-red-600 text-white ring-red-700'
                : 'bg-white text-ink-900 ring-ink-100'
            }`}
          >
            <p className="font-semibold">{t.title}</p>
            {t.description && <p className="mt-0.5 text-sm opacity-90">{t.description}</p>}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast outside ToastProvider');
  return api;
}
