import type { BillingAccount } from "@halcyon/domain/schemas";
import { TableCell } from "@halcyon/ui/components/table";

import { billingDate, METHOD_LABEL } from "./money-words";
import { MoneyCell } from "./money-cell";

type Payment = BillingAccount["payments"][number];

/**
 * A payment's cells in a Billing table, the same for the patient's page and the admin's:
 * when it came in, how, (for admins) its reference, the amount and what has been refunded of it.
 */
export function PaymentCells({ payment, money, withReference = false }: { payment: Payment; money: (minor: number) => string; withReference?: boolean }) {
  return (
    <>
      <TableCell label="Received">{billingDate(payment.receivedAt)}</TableCell>
      <TableCell label="Method">{METHOD_LABEL[payment.method]}</TableCell>
      {withReference ? <TableCell label="Reference">{payment.reference || "—"}</TableCell> : null}
      <MoneyCell label="Amount" minor={payment.amountMinor} money={money} />
      <MoneyCell label="Refunded" minor={payment.refundedMinor > 0 ? payment.refundedMinor : null} money={money} />
    </>
  );
}
