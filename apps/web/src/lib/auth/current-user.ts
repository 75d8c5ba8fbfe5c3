import type { PublicUser } from "@halcyon/domain/schemas";
import { hashKey, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";

import { CURRENT_USER_STALE_TIME_MS } from "../timing";
import { trpcClient } from "../trpc";
import { isSessionRotating } from "./session-rotation";

/** The signed-in user, or null when nobody is: being signed out is an answer here, not an error. */
async function fetchCurrentUser(): Promise<PublicUser | null> {
  const user = await trpcClient.auth.current.query();
  // While a password change replaces the session, the old cookie's "nobody" says nothing about who
  // is signed in: keep the user we know (a failed read keeps its data).
  if (user === null && isSessionRotating()) throw new Error("the session is being replaced");
  return user;
}

export const currentUserQuery = queryOptions({
  queryKey: ["auth", "current-user"],
  queryFn: fetchCurrentUser,
  staleTime: CURRENT_USER_STALE_TIME_MS,
});

export function useCurrentUser() {
  const { data, isPending } = useQuery(currentUserQuery);
  const user = data ?? null;
  return { user, isLoading: isPending, isAuthenticated: user !== null };
}

export function setCurrentUser(queryClient: QueryClient, user: PublicUser | null): void {
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}

export function refreshCurrentUser(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
}

/** Forgets everything read for the last user (health data must not linger), then marks the visitor signed out. */
export function forgetCurrentUser(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(currentUserQuery.queryKey) });
  setCurrentUser(queryClient, null);
}

/**
 * Whether the account has something to do before any page opens (its own password, a second step
 * the clinic requires): the server refuses everything else meanwhile, sockets included.
 */
export function needsAccountGate(user: PublicUser): boolean {
  return user.mustChangePassword || user.twoStepSetupRequired;
}
