import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';

/**
 * The app's one query client for the pages below: the default layout, and the account pages
 * that call the server outside the sign-in form (the sign-in page itself stays without it).
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
