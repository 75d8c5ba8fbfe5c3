// What the Billing page says when Stripe's Checkout sends the patient back (?paid=<invoice> or
// ?card=saved): the payment or the card shows once Stripe has told the clinic, usually within
// seconds, so the page reads again until it does.
import { CircleCheck } from "lucide-react";
import { useSearchParams } from "react-router-dom";

import { trpc } from "../../../lib/trpc";

const AGAIN_MS = 2_000;

export function CheckoutReturn() {
  const [params] = useSearchParams();
  const paidInvoice = Number(params.get("paid") ?? Number.NaN);
  const cardSaved = params.get("card") === "saved";
  const account = trpc.billing.account.useQuery(undefined, {
    enabled: Number.isInteger(paidInvoice),
    refetchInterval: (query) => (query.state.data?.invoices.find((invoice) => invoice.id === paidInvoice)?.paid ? false : AGAIN_MS),
  });
  const card = trpc.payments.myCard.useQuery(undefined, { enabled: cardSaved, refetchInterval: (query) => (query.state.data?.card ? false : AGAIN_MS) });
  if (Number.isInteger(paidInvoice)) {
    const paid = account.data?.invoices.find((invoice) => invoice.id === paidInvoice)?.paid === true;
    return <Note done={paid}>{paid ? "Thank you: your payment is received." : "Thank you. Your payment shows here as soon as Stripe confirms it."}</Note>;
  }
  if (cardSaved) {
    const saved = card.data?.card != null;
    return <Note done={saved}>{saved ? "Your card is saved." : "Your card shows here as soon as Stripe confirms it."}</Note>;
  }
  return null;
}

function Note({ done, children }: { done: boolean; children: string }) {
  return (
    <p role="status" className="flex items-center gap-2 rounded-xl border border-hairline bg-ivory-50 px-4 py-3 text-sm text-ink-900">
      {done ? <CircleCheck className="size-4 text-sage-700" aria-hidden="true" /> : null}
      {children}
    </p>
  );
}
