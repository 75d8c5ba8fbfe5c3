import { useContext, useEffect, useState } from "react";

import { RealtimeContext } from "../../lib/realtime/use-realtime";
import { JOINING, VisitCall, type CallState, type Role } from "./visit-call";

/**
 * The call of one visit while mounted: it sits in the room whenever the tab's socket is open
 * (again after each reconnection), and closes its connection when unmounted.
 */
export function useVisitCall(options: { visitId: number; role: Role; iceServers: RTCIceServer[]; localStream: MediaStream }): {
  call: VisitCall | null;
  state: CallState;
} {
  const hub = useContext(RealtimeContext);
  const { visitId, role, iceServers, localStream } = options;
  const [call, setCall] = useState<VisitCall | null>(null);
  const [state, setState] = useState<CallState>(JOINING);

  useEffect(() => {
    const current = new VisitCall({
      visitId,
      role,
      iceServers,
      localStream,
      send: hub.send,
      onChange: setState,
      iceTransportPolicy: relayOnly() ? "relay" : "all",
    });
    setCall(current);
    const stop = hub.listen((notice) => (notice.type === "connected" ? current.join() : current.hear(notice)));
    if (hub.getStatus() === "connected") current.join();
    return () => {
      stop();
      // Gone from the page (not a reload, whose closing socket says so): out of the room.
      current.leave();
    };
  }, [hub, visitId, role, iceServers, localStream]);

  return { call, state };
}

/** `?relay` forces the call through the TURN relay: how a clinic checks its TURN server works. */
function relayOnly(): boolean {
  return new URLSearchParams(window.location.search).has("relay");
}
