// The live connection of a signed-in member: loaded only once someone signs in, so a visitor's
// first page load carries none of it.
import type { PublicUser } from "@halcyon/domain/schemas";
import { getMutationKey, getQueryKey } from "@trpc/react-query";
import type { QueryClient, QueryKey } from "@tanstack/react-query";

import { currentUserQuery, refreshCurrentUser } from "../auth/current-user";
import { trpc } from "../trpc";
import { RealtimeConnection, realtimeUrl } from "./realtime-connection";
import type { RealtimeHub, RealtimeNotice } from "./realtime-hub";
import { readAgain } from "./read-again";
import { staleReads, type ReadGroup } from "./stale-reads";

/** After the server ends the socket's session, who is signed in is asked again this much later. */
const SESSION_ENDED_RECHECK_MS = 1000;

const READS: Record<ReadGroup, QueryKey[]> = {
  /** What any screen may show about conversations. */
  messaging: [getQueryKey(trpc.messages.conversations), getQueryKey(trpc.messages.unread)],
  /** Everything that shows the schedule: lists, figures, notes, a doctor's patients' next session. */
  // Not a private psychotherapy note: each reading of one is audited, so it is read only when asked.
  schedule: [
    getQueryKey(trpc.appointments),
    getQueryKey(trpc.treatmentSessions.list),
    getQueryKey(trpc.treatmentSessions.unsigned),
    getQueryKey(trpc.patients),
  ],
  /** A member's waitlist entries and the offers held for them. */
  waitlist: [getQueryKey(trpc.waitlist)],
};

/**
 * Opens the member's socket and keeps the shared reads fresh with what it hears; answers how to
 * stop. Pushes and reconnections refresh the shared reads (conversations, unread counts, the
 * schedule); screens hear them too, through the hub, for what only they hold.
 */
export function startRealtimeSession(userId: number, queryClient: QueryClient, hub: RealtimeHub): () => void {
  // Signing out from this tab closes the socket too (4001); that sign-out tells its own story,
  // from its request until the page has moved on (the user is forgotten only then).
  const startedAt = Date.now();
  const signingOutHere = () =>
    queryClient
      .getMutationCache()
      .findAll({ mutationKey: getMutationKey(trpc.auth.logout) })
      .some((mutation) => mutation.state.submittedAt >= startedAt && mutation.state.status !== "error");
  // Re-reads who is signed in: nobody, and the page's guard takes over (the sign-in redirect);
  // still this member (a password change starts a new session and ends the old one's socket),
  // and the connection starts again.
  const checkSession = () => {
    if (signingOutHere()) return;
    void refreshCurrentUser(queryClient).then(() => {
      if (queryClient.getQueryData<PublicUser | null>(currentUserQuery.queryKey)?.id === userId) connection.resume();
    });
  };

  let sessionCheck: ReturnType<typeof setTimeout> | undefined;

  const notify = (notice: RealtimeNotice) => {
    for (const group of staleReads(notice)) for (const queryKey of READS[group]) void readAgain(queryClient, queryKey);
    hub.announce(notice);
  };

  const connection = new RealtimeConnection(realtimeUrl(window.location), {
    onStatus: (status) => hub.setStatus(status),
    // Anything pushed before this moment was not heard: it is read again.
    onOpen: ({ reconnected }) => notify({ type: "connected", data: { reconnected } }),
    onEvent: notify,
    // Not at once: when this member changed their password in another tab, the new session's
    // cookie may land a moment after the old session's socket was closed.
    onSessionEnded: () => {
      sessionCheck = setTimeout(checkSession, SESSION_ENDED_RECHECK_MS);
    },
    // Refused at the handshake: perhaps only the network, perhaps a session that ended meanwhile.
    onRefused: checkSession,
  });
  hub.setSender((frame) => connection.send(frame));
  connection.start();

  const wake = () => connection.wake();
  const wakeIfShown = () => {
    if (document.visibilityState === "visible") connection.wake();
  };
  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", wakeIfShown);
  return () => {
    window.removeEventListener("online", wake);
    document.removeEventListener("visibilitychange", wakeIfShown);
    clearTimeout(sessionCheck);
    hub.setSender(null);
    connection.stop();
    hub.setStatus("connecting");
  };
}
