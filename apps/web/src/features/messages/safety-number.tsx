import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";

import { trpc } from "../../lib/trpc";
import { HeaderIconButton } from "./header-icon-button";
import { keyChangeOf, rememberPartnerKey } from "./partner-keys";

/** Both keys of a conversation, when both exist: what its safety number is made of. */
function useConversationKeys(me: number, partnerId: number) {
  const mine = trpc.keys.mine.useQuery(undefined, { staleTime: 60_000 });
  const theirs = trpc.keys.ofMember.useQuery({ userId: partnerId }, { staleTime: 60_000 });
  return mine.data && theirs.data ? { me, mine: mine.data.kid, theirs: theirs.data.kid } : null;
}

/**
 * The conversation's safety number, which the two people compare aloud or in person: the same on
 * both sides when each holds the other's real key. A notice in the chat says when the other
 * side's key has changed since this browser last saw it.
 */
export function SafetyNumber({ me, partnerId, partnerName }: { me: number; partnerId: number; partnerName: string }) {
  const keys = useConversationKeys(me, partnerId);
  const [open, setOpen] = useState(false);
  const [number, setNumber] = useState<string>();

  useEffect(() => {
    if (!keys || !open) return;
    let current = true;
    void import("../../lib/messaging-keys/sealing")
      .then(({ safetyNumber }) => safetyNumber(keys.mine, keys.theirs))
      .then((value) => current && setNumber(value));
    return () => {
      current = false;
    };
  }, [keys, open]);

  if (!keys) return null;
  return (
    <>
      <HeaderIconButton icon={ShieldCheck} label="Safety number" tooltip={`Check your safety number with ${partnerName}`} onClick={() => setOpen(true)} />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Your safety number with {partnerName}</DialogTitle>
            <DialogDescription>
              Read it to each other, aloud or in person. If both of you see the same number, your messages are sealed to the two of you, and to the clinic's
              records key, which is kept offline for a lawful records request.
            </DialogDescription>
          </DialogHeader>
          <p data-testid="safety-number" className="mt-4 grid grid-cols-4 gap-x-4 gap-y-2 font-mono text-lg tracking-wider text-ink-900 tabular-nums">
            {(number ?? "").split(" ").map((group, index) => (
              <span key={index}>{group}</span>
            ))}
          </p>
          <Button className="mt-6 justify-self-end" onClick={() => setOpen(false)}>
            Done
          </Button>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** In the chat, once: the other side's key is not the one this browser saw before. */
export function PartnerKeyChanged({ me, partnerId, partnerName }: { me: number; partnerId: number; partnerName: string }) {
  const keys = useConversationKeys(me, partnerId);
  const [dismissed, setDismissed] = useState<string>();
  const change = keys ? keyChangeOf(me, partnerId, keys.theirs) : "same";
  useEffect(() => {
    if (keys && change === "first") rememberPartnerKey(me, partnerId, keys.theirs);
  }, [keys, change, me, partnerId]);
  if (!keys || change !== "changed" || dismissed === keys.theirs) return null;
  return (
    <div
      role="status"
      className="mx-4 mt-3 flex flex-col gap-3 rounded-lg border border-gold-400 bg-ivory-50 px-4 py-3 text-sm text-ink-900 sm:mx-6 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{partnerName}&rsquo;s key has changed: a new device, or a password reset. Compare your safety number again.</p>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          rememberPartnerKey(me, partnerId, keys.theirs);
          setDismissed(keys.theirs);
        }}
      >
        Got it
      </Button>
    </div>
  );
}
