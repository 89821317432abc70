import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toast';

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/**
 * Marks the page live (`<html data-live>`) once the app has taken it over: a prerendered page shows its
 * buttons before their code runs, and tests wait for this before using them.
 */
function LiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.live = 'true';
  }, []);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
      <LiveMarker />
    </QueryClientProvider>
  );
}
