import type { BillingAccount } from "@halcyon/domain/schemas";
import { TableCell } from "@halcyon/ui/components/table";

import { billingDate, METHOD_LABEL } from "./money-words";

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
      <TableCell label="Amount" className="tabular-nums">
        {money(payment.amountMinor)}
      </TableCell>
      <TableCell label="Refunded" className="tabular-nums">
        {payment.refundedMinor > 0 ? money(payment.refundedMinor) : "—"}
      </TableCell>
    </>
  );
}
