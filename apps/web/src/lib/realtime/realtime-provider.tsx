import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";

import { needsAccountGate, useCurrentUser } from "../auth/current-user";
import { RealtimeHub } from "./realtime-hub";
import { RealtimeContext } from "./use-realtime";

/**
 * One WebSocket per signed-in tab, opened when someone signs in and closed when they sign out
 * (realtime-session.ts, loaded then). Screens hear its notices through useRealtimeNotices.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  // An account still on its one-time password is refused the socket until it has its own.
  const userId = user && !needsAccountGate(user) ? user.id : null;
  const queryClient = useQueryClient();
  const [hub] = useState(() => new RealtimeHub());

  useEffect(() => {
    if (userId === null) return;
    let stop: (() => void) | undefined;
    let ended = false;
    void import("./realtime-session").then(({ startRealtimeSession }) => {
      if (!ended) stop = startRealtimeSession(userId, queryClient, hub);
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [userId, hub, queryClient]);

  return <RealtimeContext value={hub}>{children}</RealtimeContext>;
}
