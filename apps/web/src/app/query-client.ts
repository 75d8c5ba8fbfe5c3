import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";

import { refreshCurrentUser } from "../lib/auth/current-user";
import { isTwoStepRequiredError, isUnauthorizedError, redirectToSignIn } from "../lib/auth/unauthorized";
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
 * A call refused for want of two-step sign-in reads the user again.
 */
export function createQueryClient(): QueryClient {
  // A refusal for want of two-step sign-in: read the user again, and the set-up page takes over.
  const onRefusal = (error: unknown) => {
    if (isUnauthorizedError(error)) redirectToSignIn();
    else if (isTwoStepRequiredError(error)) void refreshCurrentUser(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: onRefusal }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.unauthorizedIsExpected && isUnauthorizedError(error)) return;
        onRefusal(error);
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
  return client;
}
