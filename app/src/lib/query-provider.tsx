import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { queryClient } from './query-client.ts';

/**
 * The query client for the pages below: the default layout, and the account pages that call the
 * server outside the sign-in form (the sign-in page itself stays without it). A page the server
 * renders with data brings its render's own client from above; the browser's is `queryClient`.
 */
export function QueryProvider({ children }: { children: React.ReactNode }) {
  const rendering = useContext(QueryClientContext);
  if (rendering) return children;
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
