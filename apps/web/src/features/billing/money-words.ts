// How the Billing screens name the clinic's money: one wording for the patient's page and the admin's.
import type { BillingAccount } from "@halcyon/domain/schemas";

export type LedgerKind = BillingAccount["entries"][number]["kind"];

export const ENTRY_LABEL: Record<LedgerKind, string> = {
  charge: "Session",
  fee: "Missed-session fee",
  adjustment: "Adjustment",
  payment: "Payment",
  refund: "Refund",
  reversal: "Reversed",
};

export const FEE_LABEL = { no_show: "Missed session", late_cancellation: "Late cancellation" } as const;

export const METHOD_LABEL = { cash: "Cash", cheque: "Cheque", card_elsewhere: "Card (taken at the clinic)", card: "Card" } as const;

/** A date as the Billing pages print it: "Nov 29, 2026". */
export function billingDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}
