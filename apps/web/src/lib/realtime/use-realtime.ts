import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from "react";

import type { ConnectionStatus } from "./realtime-connection";
import { RealtimeHub, type RealtimeNotice } from "./realtime-hub";

/** Without a provider (a component rendered on its own) the hub simply never connects. */
export const RealtimeContext = createContext<RealtimeHub>(new RealtimeHub());

/** The live connection's state: "connected", or "connecting" while it opens or waits to retry. */
export function useRealtimeStatus(): ConnectionStatus {
  const hub = useContext(RealtimeContext);
  return useSyncExternalStore(hub.subscribeToStatus, hub.getStatus, hub.getStatus);
}

/** Calls `listener` (its latest version) for every push and every (re)connection while mounted. */
export function useRealtimeNotices(listener: (notice: RealtimeNotice) => void): void {
  const hub = useContext(RealtimeContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => hub.listen((notice) => latest.current(notice)), [hub]);
}

/** Sends a frame on the tab's socket; false when it is not open. */
export function useRealtimeSend(): RealtimeHub["send"] {
  return useContext(RealtimeContext).send;
}
