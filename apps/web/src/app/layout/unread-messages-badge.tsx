import { CountBadge } from "@halcyon/ui/components/count-badge";

import { needsAccountGate, useCurrentUser } from "../../lib/auth/current-user";
import { trpc } from "../../lib/trpc";

/** "1 unread message", "3 unread messages". */
export function unreadMessagesLabel(count: number): string {
  return `${count} unread message${count === 1 ? "" : "s"}`;
}

/**
 * The member's unread messages in all conversations; 0 for admins, who have none. Kept true by
 * the realtime connection, which re-reads it on every push and reconnection.
 */
export function useUnreadMessageTotal(): number {
  const { user } = useCurrentUser();
  // Nobody on a one-time password may read messages until they have chosen their own.
  const takesPart = (user?.role === "patient" || user?.role === "doctor") && !needsAccountGate(user);
  const { data } = trpc.messages.unread.useQuery(undefined, { enabled: takesPart });
  return takesPart ? (data?.total ?? 0) : 0;
}

/** The count beside the navbar's Messages link, hidden at zero. */
export function UnreadMessagesBadge() {
  const total = useUnreadMessageTotal();
  return <CountBadge data-testid="unread-messages-badge" count={total} label={unreadMessagesLabel(total)} />;
}
