import type { BillingAccount } from "@halcyon/domain/schemas";
import { formatMoney } from "@halcyon/domain/rules";
import { Badge } from "@halcyon/ui/components/badge";
import { TableCell, TableRow } from "@halcyon/ui/components/table";
import { Receipt } from "lucide-react";

import { EmptyState } from "../../components/empty-state";
import { MemberPage } from "../../components/member-page";
import { PageQueriesFallback } from "../../components/page-queries-fallback";
import { SectionCard } from "../../components/section-card";
import { pageTitle } from "../../lib/clinic";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { TableCard } from "../admin/table-card";
import { CardOnFile } from "./card/card-on-file";
import { CheckoutReturn } from "./card/checkout-return";
import { PayByCardButton } from "./card/pay-by-card-button";
import { BillingDocumentsSection, InvoiceDownloads } from "../billing-documents/billing-documents-section";
import { billingDate, FEE_LABEL } from "./money-words";
import { PaymentCells } from "./payment-cells";
import { MoneyCell } from "./money-cell";

/** The patient's money: what they owe, fees waiting on the clinic, their invoices and payments. */
export function BillingPage() {
  useDocumentTitle(pageTitle("Billing"));
  const account = trpc.billing.account.useQuery();
  if (!account.data) return <PageQueriesFallback queries={[account]} loading="Opening your billing" what="your billing" />;
  const { balanceMinor, currency } = account.data;
  const money = (minor: number) => formatMoney(minor, currency);

  return (
    <MemberPage
      eyebrow="Billing"
      title={balanceMinor > 0 ? `You owe ${money(balanceMinor)}` : balanceMinor < 0 ? `You are ${money(-balanceMinor)} in credit` : "You are all paid up"}
      lead="Your sessions' charges, any fee for a missed or late-cancelled session once the clinic has decided it, and every payment. Questions about a charge? Message the clinic."
    >
      <div className="grid gap-8">
        <CheckoutReturn />
        <PendingFees account={account.data} money={money} />
        <Invoices account={account.data} money={money} />
        <CardOnFile />
        <Payments account={account.data} money={money} />
        <BillingDocumentsSection patientId={account.data.patientId} />
      </div>
    </MemberPage>
  );
}

type SectionProps = { account: BillingAccount; money: (minor: number) => string };

/** Fees the clinic has not decided yet: shown so nothing arrives as a surprise, owed only once approved. */
function PendingFees({ account, money }: SectionProps) {
  const fees = account.fees.filter((fee) => fee.status === "pending");
  if (fees.length === 0) return null;
  return (
    <SectionCard title="Fees under review" description="You owe these only if the clinic approves them; many are waived.">
      <ul className="grid gap-3">
        {fees.map((fee) => (
          <li
            key={fee.id}
            data-testid="pending-fee"
            className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl border border-hairline bg-ivory-50 px-4 py-3"
          >
            <span>
              {FEE_LABEL[fee.kind]} on {billingDate(fee.sessionStart)}
            </span>
            <span className="font-medium tabular-nums">{money(fee.amountMinor)}</span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

function Invoices({ account, money }: SectionProps) {
  return (
    <SectionCard title="Invoices">
      {account.invoices.length === 0 ? (
        <EmptyState icon={Receipt} title="No invoices yet">
          The clinic sends an invoice once there are sessions to bill.
        </EmptyState>
      ) : (
        <TableCard label="Invoices" columns={["Invoice", "Issued", "Total", "Paid", "Status", "PDF"]}>
          {account.invoices.map((invoice) => (
            <TableRow key={invoice.id} data-testid="invoice-row">
              <TableCell label="Invoice" className="font-medium">
                {invoice.number}
              </TableCell>
              <TableCell label="Issued">{billingDate(invoice.issuedAt)}</TableCell>
              <MoneyCell label="Total" minor={invoice.totalMinor} money={money} />
              <MoneyCell label="Paid" minor={invoice.paidMinor} money={money} />
              <TableCell label="Status">
                <div className="flex flex-wrap items-center justify-end gap-3 md:justify-start">
                  <InvoiceStatus totalMinor={invoice.totalMinor} paid={invoice.paid} />
                  {invoice.paid ? null : <PayByCardButton invoiceId={invoice.id} invoiceNumber={invoice.number} />}
                </div>
              </TableCell>
              <TableCell label="PDF">
                <InvoiceDownloads invoiceId={invoice.id} number={invoice.number} hasPayments={invoice.paidMinor > 0} />
              </TableCell>
            </TableRow>
          ))}
        </TableCard>
      )}
    </SectionCard>
  );
}

function Payments({ account, money }: SectionProps) {
  if (account.payments.length === 0) return null;
  return (
    <SectionCard title="Payments">
      <TableCard label="Payments" columns={["Received", "Method", "Amount", "Refunded"]}>
        {account.payments.map((payment) => (
          <TableRow key={payment.id} data-testid="payment-row">
            <PaymentCells payment={payment} money={money} />
          </TableRow>
        ))}
      </TableCard>
    </SectionCard>
  );
}

/** Open until paid; an invoice whose every line was waived or reversed is owed nothing, not "paid". */
function InvoiceStatus({ totalMinor, paid }: { totalMinor: number; paid: boolean }) {
  if (totalMinor <= 0) return <Badge tone="stone">Nothing due</Badge>;
  return <Badge tone={paid ? "sage" : "gold"}>{paid ? "Paid" : "Open"}</Badge>;
}
