import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";

import { isUnauthorizedError, redirectToSignIn } from "../lib/auth/unauthorized";
import { DEFAULT_STALE_TIME_MS } from "../lib/timing";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: {
      /** This call answers "not signed in" as part of its job (a wrong password), not because a session ended. */
      unauthorizedIsExpected?: boolean;
    };
  }
}

/**
 * The specification's query defaults (fresh 5 s, no polling, no refetch on focus, no retries), and
 * one place that reacts to a lost session: any call refused as UNAUTHORIZED sends the visitor to
 * sign in. The signed-in user's own read turns that answer into `null` instead, so it never lands here.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorizedError(error)) redirectToSignIn();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.unauthorizedIsExpected) return;
        if (isUnauthorizedError(error)) redirectToSignIn();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
