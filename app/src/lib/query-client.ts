import { QueryClient } from '@tanstack/react-query';

/** Server state for the signed-in pages. Lives in their chunk, not in the sign-in page's. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: true } },
});
