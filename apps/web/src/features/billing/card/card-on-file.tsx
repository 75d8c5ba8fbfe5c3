// The patient's card on file (a section of the Billing page): whether the clinic takes cards at
// all, the saved card and the consent given, a failed nightly charge with Stripe's reason, and
// saving a card through Stripe's Checkout after ticking the consent, whose text is kept as read.
import { Button } from "@halcyon/ui/components/button";
import { formatMoney } from "@halcyon/domain/rules";
import { CircleAlert, CreditCard } from "lucide-react";
import { useId, useState, type FormEvent } from "react";

import { LoadFailed } from "../../../components/load-failed";
import { SectionCard } from "../../../components/section-card";
import { formatDate } from "../../../lib/time-format";
import { trpc } from "../../../lib/trpc";

const BY_HAND_ONLY = "The clinic takes payments by hand only: cash, a cheque or a card at the front desk.";

export function CardOnFile() {
  const status = trpc.payments.myCard.useQuery();
  if (status.isPending) return null;
  if (status.isError)
    return <LoadFailed what="your card on file" reason={status.error.message} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  const { offered, card, failedCharge, consentText } = status.data;
  return (
    <SectionCard title="Card on file" description={offered ? "Approved charges are collected from it once a night." : BY_HAND_ONLY}>
      <div className="grid gap-5">
        {failedCharge ? (
          <div role="alert" className="flex gap-3 rounded-lg border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-ink-900">
            <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
            <p>
              The charge of {formatMoney(failedCharge.amountMinor, failedCharge.currency)} on the night of{" "}
              {formatDate(`${failedCharge.night}T00:00:00.000Z`, { timeZone: "UTC" })} did not go through: {failedCharge.reason} Please pay by card below, or
              save another card.
            </p>
          </div>
        ) : null}
        {card ? (
          <div className="grid gap-2 text-sm">
            <p className="flex items-center gap-2 text-ink-900">
              <CreditCard className="size-4 text-stone-600" aria-hidden="true" />
              <span>
                {card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : "Card"} ending {card.last4 ?? "····"}, saved on{" "}
                {formatDate(card.savedAt)}
              </span>
            </p>
            {card.consentText && card.consentedAt ? (
              <details className="text-stone-700">
                <summary className="cursor-pointer">The consent you gave on {formatDate(card.consentedAt)}</summary>
                <p className="mt-2 leading-relaxed">{card.consentText}</p>
              </details>
            ) : null}
          </div>
        ) : null}
        {offered ? card ? <AnotherCard consentText={consentText} /> : <SaveCardForm consentText={consentText} replacing={false} /> : null}
      </div>
    </SectionCard>
  );
}

/** With a card saved, the consent and the form wait behind a button: the page shows the card, not a second box to tick. */
function AnotherCard({ consentText }: { consentText: string }) {
  const [open, setOpen] = useState(false);
  if (open) return <SaveCardForm consentText={consentText} replacing />;
  return (
    <div>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CreditCard aria-hidden="true" />
        Use another card
      </Button>
    </div>
  );
}

function SaveCardForm({ consentText, replacing }: { consentText: string; replacing: boolean }) {
  const ids = useId();
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string>();
  const utils = trpc.useUtils();
  const save = trpc.payments.saveCard.useMutation({
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      setProblem(error.message);
      // The wording changed while they read it: show the new one.
      if (error.data?.code === "CONFLICT") void utils.payments.myCard.invalidate();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!agreed) {
      setProblem("Tick the box to agree to be charged, or pay each invoice yourself.");
      return;
    }
    save.mutate({ consent: true, consentText });
  };
  const leaving = save.isPending || save.isSuccess;
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <label htmlFor={`${ids}-consent`} className="flex items-start gap-3 text-sm leading-relaxed text-ink-800">
        <input
          id={`${ids}-consent`}
          type="checkbox"
          checked={agreed}
          disabled={leaving}
          aria-invalid={problem !== undefined || undefined}
          aria-describedby={problem ? `${ids}-problem` : undefined}
          className="mt-1 size-4 shrink-0 accent-sage-700"
          onChange={(event) => {
            setAgreed(event.target.checked);
            setProblem(undefined);
          }}
        />
        <span>{consentText}</span>
      </label>
      {problem ? (
        <p id={`${ids}-problem`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div>
        <Button type="submit" variant={replacing ? "outline" : "default"} disabled={leaving}>
          <CreditCard aria-hidden="true" />
          {leaving ? "Opening the secure page..." : replacing ? "Save another card" : "Save a card"}
        </Button>
      </div>
      <p className="text-xs text-stone-600">You type your card into Stripe's secure page; the clinic never sees its number.</p>
    </form>
  );
}
