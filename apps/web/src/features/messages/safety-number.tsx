import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { ShieldCheck } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import type { PublicKey } from "@halcyon/sealed";

import { useKeyEpoch } from "../../lib/messaging-keys/key-events";
import { trpc } from "../../lib/trpc";
import { HeaderIconButton } from "./header-icon-button";
import { keyChangeOf, rememberPartnerKey } from "./partner-keys";

/**
 * The keys of a conversation (the two people's and the clinic's records key), when all exist,
 * checked here rather than taken on the server's word (lib/messaging-keys/sealing.ts): each key's
 * thumbprint is computed from its coordinates, and the safety number is made of the keys themselves.
 */
function useConversationKeys(me: number, partnerId: number) {
  const mine = trpc.keys.ofMember.useQuery({ userId: me }, { staleTime: 60_000 });
  const theirs = trpc.keys.ofMember.useQuery({ userId: partnerId }, { staleTime: 60_000 });
  const clinic = trpc.keys.clinic.useQuery(undefined, { staleTime: 60_000 });
  const publicOf = (key: { kid: string; publicKey: PublicKey["publicKey"] }): PublicKey => ({ kid: key.kid, publicKey: key.publicKey });
  const keys = mine.data && theirs.data && clinic.data ? { own: publicOf(mine.data), theirs: publicOf(theirs.data), clinic: publicOf(clinic.data) } : null;
  const epoch = useKeyEpoch();
  const checked = useQuery({
    queryKey: ["messaging-keys", "conversation", me, partnerId, keys, epoch],
    enabled: keys !== null,
    staleTime: Infinity,
    queryFn: async () => (await import("../../lib/messaging-keys/sealing")).checkConversationKeys(me, keys!),
  });
  return keys ? (checked.data ?? null) : null;
}

/**
 * The conversation's safety number, which the two people compare aloud or in person: the same on
 * both sides when each holds the other's real key. A notice in the chat says when the other
 * side's key has changed since this browser last saw it.
 */
export function SafetyNumber({ me, partnerId, partnerName }: { me: number; partnerId: number; partnerName: string }) {
  const keys = useConversationKeys(me, partnerId);
  const [open, setOpen] = useState(false);

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
          {keys.matching ? (
            <p data-testid="safety-number" className="mt-4 grid grid-cols-4 gap-x-4 gap-y-2 font-mono text-lg tracking-wider text-ink-900 tabular-nums">
              {keys.safetyNumber.split(" ").map((group, index) => (
                <span key={index}>{group}</span>
              ))}
            </p>
          ) : (
            <p role="alert" className="mt-4 rounded-xl border border-rose-700/30 bg-rose-50 px-3.5 py-2.5 text-sm leading-relaxed text-rose-700">
              There is no safety number to compare: a key the server gave for this conversation is not the key its id names, or yours is not the one this
              browser holds. If you made new keys on another device, unlock your messages here again; if not, tell the clinic.
            </p>
          )}
          <Button className="mt-6 justify-self-end" onClick={() => setOpen(false)}>
            Done
          </Button>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * In the chat, once: the other side's key (its thumbprint, computed here) is not the one this
 * browser saw before. A key that is not the one its kid names is never remembered: the composer
 * says it is refused.
 */
export function PartnerKeyChanged({ me, partnerId, partnerName }: { me: number; partnerId: number; partnerName: string }) {
  const keys = useConversationKeys(me, partnerId);
  const [dismissed, setDismissed] = useState<string>();
  const theirs = keys?.matching ? keys.theirThumbprint : undefined;
  const change = theirs ? keyChangeOf(me, partnerId, theirs) : "same";
  useEffect(() => {
    if (theirs && change === "first") rememberPartnerKey(me, partnerId, theirs);
  }, [theirs, change, me, partnerId]);
  if (!theirs || change !== "changed" || dismissed === theirs) return null;
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
          rememberPartnerKey(me, partnerId, theirs);
          setDismissed(theirs);
        }}
      >
        Got it
      </Button>
    </div>
  );
}
