import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";

import { sawLockedMessage, useKeyEpoch } from "../../lib/messaging-keys/key-events";

/**
 * Whether a message to `partnerId` can be sealed now, and if not, why in words. A browser that
 * holds no key asks for the password (the lock above the chat), as a sealed message on screen does.
 */
export function useSealingBlock(me: number, partnerId: number, partnerName: string): string | undefined {
  const epoch = useKeyEpoch();
  const { data } = useQuery({
    queryKey: ["messaging-keys", "readiness", me, partnerId, epoch],
    queryFn: async () => (await import("../../lib/messaging-keys/sealing")).sealingReadiness(me, partnerId),
    staleTime: 60_000,
  });
  useEffect(() => {
    if (data === "locked") sawLockedMessage();
  }, [data]);
  switch (data) {
    case "no-records-key":
      return "Secure messaging is not set up yet: the clinic's admin first makes its records key. Your words wait here until then.";
    case "partner-without-keys":
      return `${partnerName} has not set up secure messaging yet. You can send once they next sign in; your words wait here.`;
    case "locked":
      return "Unlock your messages above to send.";
    default:
      return undefined;
  }
}
