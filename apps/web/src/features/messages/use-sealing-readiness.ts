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
    case "partner-key-mismatch":
      return `The key the server gave for ${partnerName} is not the key its id names: someone may have changed it, so nothing is sealed to it and nothing is sent. Tell the clinic.`;
    case "records-key-mismatch":
      return "The clinic's records key the server gave is not the key its id names: someone may have changed it, so nothing is sealed to it and nothing is sent. Tell the clinic.";
    case "own-key-mismatch":
      return "Your own key, as the server gave it, is not the key its id names: someone may have changed it, so nothing is sealed to it and nothing is sent. Tell the clinic.";
    default:
      return undefined;
  }
}
