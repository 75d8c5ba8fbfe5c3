// The Pay button of an open invoice (the Billing page places it): opens Stripe's Checkout for what
// is left to pay, where the card is typed into Stripe's page, never into ours. Shown only when the
// clinic takes cards; the payment appears once Stripe tells the server of it.
import { Button } from "@halcyon/ui/components/button";
import { CreditCard } from "lucide-react";
import { useState } from "react";

import { useClinicProfile } from "../../../lib/clinic-profile";
import { trpc } from "../../../lib/trpc";

export function PayByCardButton({ invoiceId, invoiceNumber }: { invoiceId: number; invoiceNumber: string }) {
  const takesCards = useClinicProfile().data?.cardPayments === true;
  const [problem, setProblem] = useState<string>();
  const pay = trpc.payments.payInvoice.useMutation({
    // Leaves the app for Stripe's page; Checkout brings the patient back to Billing.
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => setProblem(error.message),
  });
  if (!takesCards) return null;
  const leaving = pay.isPending || pay.isSuccess;
  return (
    <div className="grid justify-items-start gap-1.5">
      <Button
        size="sm"
        disabled={leaving}
        onClick={() => {
          setProblem(undefined);
          pay.mutate({ invoiceId });
        }}
      >
        <CreditCard aria-hidden="true" />
        {leaving ? "Opening the secure page..." : "Pay by card"}
        {/* Which invoice, for a screen reader's list of buttons; the row says it to the eye. */}
        <span className="sr-only"> (invoice {invoiceNumber})</span>
      </Button>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
