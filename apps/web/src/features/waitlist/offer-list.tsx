import type { WaitlistOffer } from "@halcyon/domain/schemas";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { Clock3 } from "lucide-react";

import { AnswerRow } from "../../components/answer-row";
import { doctorTitle } from "../../lib/appointment-rules";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { useRefreshSchedule } from "../../lib/schedule-cache";
import { trpc } from "../../lib/trpc";
import { useNow } from "../../lib/use-now";

/** The freed hours held for the patient now: each with its hold, and Accept (books it) or Decline (the next person's turn). */
export function OfferList({ offers }: { offers: WaitlistOffer[] }) {
  return (
    <ul className="grid gap-4" aria-label="Offers held for you">
      {offers.map((offer) => (
        <OfferRow key={offer.id} offer={offer} />
      ))}
    </ul>
  );
}

/** Whole minutes left, never more than are (the page's clock moves on every half minute). */
function minutesLeft(expiresAt: string, now: Date): number {
  return Math.max(1, Math.floor((Date.parse(expiresAt) - now.getTime()) / 60_000));
}

function OfferRow({ offer }: { offer: WaitlistOffer }) {
  const format = useTimeFormat();
  const now = useNow();
  const utils = trpc.useUtils();
  const refreshSchedule = useRefreshSchedule();
  const settled = async () => {
    await Promise.all([utils.waitlist.invalidate(), refreshSchedule()]);
  };
  const refused = async (error: { message: string }) => {
    toast({ variant: "destructive", title: "This offer can no longer be answered", description: error.message });
    await settled();
  };
  const accept = trpc.waitlist.accept.useMutation({
    onSuccess: async (booked) => {
      toast({ title: "Booked", description: `Your appointment on ${format.dayAndTime(booked.startTime)} is booked. It is in your appointments.` });
      await settled();
    },
    onError: refused,
  });
  const decline = trpc.waitlist.decline.useMutation({
    onSuccess: async () => {
      toast({ title: "Declined", description: "The time goes to the next person. You stay on the waitlist." });
      await settled();
    },
    onError: refused,
  });
  const when = format.dayAndTime(offer.startTime);

  return (
    <AnswerRow
      testId="waitlist-offer"
      decline={{
        label: "Decline",
        pendingLabel: "Declining...",
        ariaLabel: `Decline the offer of ${when}`,
        pending: decline.isPending,
        onAnswer: () => decline.mutate({ id: offer.id }),
      }}
      accept={{
        label: "Accept and book",
        pendingLabel: "Booking...",
        ariaLabel: `Accept and book ${when}`,
        pending: accept.isPending,
        onAnswer: () => accept.mutate({ id: offer.id }),
      }}
    >
      <p className="font-display text-xl text-ink-900">{when}</p>
      <p className="text-sm text-muted-foreground">With {doctorTitle(offer.doctorName)} · 60 minutes</p>
      <p className="flex items-center gap-1.5 text-sm text-ink-700">
        <Clock3 className="size-4" aria-hidden="true" />
        Held for you until {format.time(offer.expiresAt)} ({minutesLeft(offer.expiresAt, now)} min)
      </p>
    </AnswerRow>
  );
}
