// The member's own time zone, as this browser reports it (IANA), so the clinic's emails name times
// on their clock. Recorded at each sign-in, and from the account page.
import type { PublicUser } from "@halcyon/domain/schemas";

import { trpcClient } from "../trpc";

export function browserTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}

/**
 * After a sign-in: records the browser's zone, as a best effort (a zone the server does not know
 * changes nothing). Not for a session the server still holds back (a one-time password, two-step
 * sign-in to set up): it may do nothing else yet.
 */
export function recordTimeZone(user: Pick<PublicUser, "mustChangePassword" | "twoStepSetupRequired">): void {
  const timeZone = browserTimeZone();
  if (!timeZone || user.mustChangePassword || user.twoStepSetupRequired) return;
  void trpcClient.account.setTimeZone.mutate({ timeZone }).catch(() => undefined);
}
