import type { QueryClient } from "@tanstack/react-query";
import { createTRPCQueryUtils } from "@trpc/react-query";

import { currentUserQuery } from "../lib/auth/current-user";
import { CLINIC_PROFILE_OPTIONS } from "../lib/clinic-profile";
import { trpcClient } from "../lib/trpc";

/**
 * Who is signed in, and the clinic's profile (its hours, its cancellation window): asked for as
 * the app starts, before React first renders, in one request. Every page waits on the first, and
 * asking from the first render instead would wait for the page's code and that render (on a
 * phone, most of a second) before the request even left.
 */
export function startFirstReads(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(currentUserQuery);
  void createTRPCQueryUtils({ queryClient, client: trpcClient }).clinic.profile.prefetch(undefined, CLINIC_PROFILE_OPTIONS);
}
