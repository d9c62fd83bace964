'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

/**
 * TanStack Query for the parts of a page that follow the service live (a prompt's status, an
 * account's balance). Mounted by the pages that have such parts, not by the whole portal.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // The server-rendered figure is the first answer; polling takes over from it.
          queries: { staleTime: 0, retry: 2, refetchOnWindowFocus: true },
        },
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
