import { decimalAmount, formatMoney, parseMoney } from "@halcyon/domain/rules";
import type { PendingFeeView } from "@halcyon/domain/schemas";
import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Input } from "@halcyon/ui/components/input";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { TableCell, TableRow } from "@halcyon/ui/components/table";
import { Textarea } from "@halcyon/ui/components/textarea";
import { Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Navigate, useParams } from "react-router-dom";

import { FormDialogFooter } from "../../components/form-dialog-footer";
import { SectionCard } from "../../components/section-card";
import { trpc } from "../../lib/trpc";
import { billingDate, FEE_LABEL, METHOD_LABEL } from "../billing/money-words";
import { PaymentCells } from "../billing/payment-cells";
import { AdminField } from "./admin-field";
import { AdminShell, EmptyState } from "./admin-shell";
import { toastFailure, toastSuccess } from "./feedback";
import { LoadAlert } from "./load-alert";
import { PatientRates } from "./patient-rates";
import { FailedCharges } from "../billing/card/failed-charges";
import { SelectField } from "./select-field";
import { ServicesPage } from "./services-page";
import { TableCard } from "./table-card";
import { MoneyCell } from "../billing/money-cell";

/**
 * The Billing tab's screens: the clinic's money (/admin/billing) and, a tab of its own, its
 * services (/admin/billing/services). One route of the first-load router serves both (see
 * admin-routes.ts); this chunk tells them apart.
 */
export function BillingPage() {
  // Not <Routes>: the router's route matching from JSX would join the first load (its entry holds react-router).
  const below = useParams()["*"];
  if (!below) return <ClinicMoneyPage />;
  if (below === "services") return <ServicesPage />;
  return <Navigate to="/admin/billing" replace />;
}

/** The clinic's money for its admins: fees to decide, a patient's account (payments by hand, refunds, invoices), the receivables. */
function ClinicMoneyPage() {
  const clinic = trpc.admin.settings.useQuery();
  const currency = clinic.data?.currency ?? "USD";
  return (
    <AdminShell
      section="Billing"
      title="The clinic's money"
      lead="Fees waiting for a decision, each patient's account, and who owes what. Every amount here is on the audit log, and nothing is ever edited: a mistake is reversed or refunded."
      actions={
        <Button asChild variant="outline">
          <a href="/api/billing/receivables.csv" download>
            <Download aria-hidden="true" />
            Receivables as CSV
          </a>
        </Button>
      }
    >
      <div className="grid gap-8">
        <FeesToDecide currency={currency} />
        <FailedCharges />
        <PatientAccount currency={currency} />
        <Receivables currency={currency} />
      </div>
    </AdminShell>
  );
}

function FeesToDecide({ currency }: { currency: string }) {
  const fees = trpc.billing.fees.useQuery({ status: "pending" });
  const [waiving, setWaiving] = useState<PendingFeeView | null>(null);
  return (
    <SectionCard title="Fees to decide" description="Missed and late-cancelled sessions. The patient owes a fee only once it is approved.">
      {fees.isPending ? (
        <Skeleton className="h-16 w-full rounded-xl" />
      ) : fees.isError ? (
        <LoadAlert what="The fees" error={fees.error} onRetry={() => void fees.refetch()} />
      ) : fees.data.length === 0 ? (
        <EmptyState title="No fees waiting">A missed or late-cancelled session&rsquo;s fee appears here for a decision.</EmptyState>
      ) : (
        <TableCard label="Fees to decide" columns={["Patient", "Session", "Fee", { label: "Actions", hidden: true }]}>
          {fees.data.map((fee) => (
            <FeeRow key={fee.id} fee={fee} currency={currency} onWaive={() => setWaiving(fee)} />
          ))}
        </TableCard>
      )}
      <WaiveDialog fee={waiving} currency={currency} onClose={() => setWaiving(null)} />
    </SectionCard>
  );
}

function useBillingRefresh() {
  const utils = trpc.useUtils();
  return () => void utils.billing.invalidate();
}

function FeeRow({ fee, currency, onWaive }: { fee: PendingFeeView; currency: string; onWaive: () => void }) {
  const refresh = useBillingRefresh();
  const approve = trpc.billing.approveFee.useMutation({
    onSuccess: () => {
      toastSuccess("Fee approved", `${fee.patientName} now owes ${formatMoney(fee.amountMinor, currency)} for it.`);
      refresh();
    },
    onError: (error) => toastFailure("The fee was not approved", error),
  });
  const forgive = trpc.billing.forgiveFirstNoShow.useMutation({
    onSuccess: () => {
      toastSuccess("Forgiven", "A first session missed: nothing is owed for it.");
      refresh();
    },
    onError: (error) => toastFailure("The fee was not forgiven", error),
  });
  const busy = approve.isPending || forgive.isPending;
  return (
    <TableRow data-testid="fee-row">
      <TableCell label="Patient" className="font-medium">
        {fee.patientName}
      </TableCell>
      <TableCell label="Session">
        {FEE_LABEL[fee.kind]}, {billingDate(fee.sessionStart)} with {fee.doctorName}
      </TableCell>
      <MoneyCell label="Fee" minor={fee.amountMinor} money={(minor) => formatMoney(minor, currency)} />
      <TableCell className="flex flex-wrap justify-end gap-2">
        {fee.firstSession ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => forgive.mutate({ id: fee.id })}>
            Forgive first session
          </Button>
        ) : null}
        <Button size="sm" variant="outline" disabled={busy} onClick={onWaive}>
          Waive
        </Button>
        <Button size="sm" disabled={busy} onClick={() => approve.mutate({ id: fee.id })}>
          Approve
        </Button>
      </TableCell>
    </TableRow>
  );
}

function WaiveDialog({ fee, currency, onClose }: { fee: PendingFeeView | null; currency: string; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const refresh = useBillingRefresh();
  const waive = trpc.billing.waiveFee.useMutation({
    onSuccess: () => {
      toastSuccess("Fee waived");
      refresh();
      setReason("");
      onClose();
    },
    onError: (error) => toastFailure("The fee was not waived", error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fee) waive.mutate({ id: fee.id, reason });
  };
  return (
    <Dialog open={fee !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-6">
          <DialogHeader>
            <DialogTitle>Waive this fee</DialogTitle>
            <DialogDescription>
              {fee
                ? `${formatMoney(fee.amountMinor, currency)} for ${fee.patientName}'s ${FEE_LABEL[fee.kind].toLowerCase()}. The reason is kept with it.`
                : null}
            </DialogDescription>
          </DialogHeader>
          <AdminField id="waive-reason" label="Reason">
            <Textarea value={reason} onChange={(event) => setReason(event.target.value)} required maxLength={500} />
          </AdminField>
          <FormDialogFooter busy={waive.isPending} onCancel={onClose} label="Waive the fee" busyLabel="Waiving…" />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** One patient's account: balance, payments (each refundable), a payment by hand, an invoice of what is not yet invoiced. */
function PatientAccount({ currency }: { currency: string }) {
  const patients = trpc.admin.users.useQuery({ role: "patient", status: "active", limit: 200 });
  const [patientId, setPatientId] = useState("");
  const options = (patients.data?.users ?? []).map((patient) => ({ value: String(patient.id), label: `${patient.firstName} ${patient.lastName}` }));
  return (
    <SectionCard
      title="A patient's account"
      description="Record a payment taken by hand, refund one, invoice an adjustment, or set the patient's own rates. Charges and fees invoice themselves."
    >
      <div className="max-w-sm">
        <SelectField id="billing-patient" label="Patient" value={patientId} onValueChange={setPatientId} options={options} placeholder="Choose a patient" />
      </div>
      {patientId ? (
        <AccountDetail
          key={patientId}
          patientId={Number(patientId)}
          patientName={options.find((option) => option.value === patientId)?.label ?? "The patient"}
          currency={currency}
        />
      ) : null}
    </SectionCard>
  );
}

function AccountDetail({ patientId, patientName, currency }: { patientId: number; patientName: string; currency: string }) {
  const account = trpc.billing.account.useQuery({ patientId });
  const refresh = useBillingRefresh();
  const issue = trpc.billing.issueInvoice.useMutation({
    onSuccess: () => {
      toastSuccess("Invoice issued");
      refresh();
    },
    onError: (error) => toastFailure("No invoice was issued", error),
  });
  if (account.isPending) return <Skeleton className="mt-6 h-24 w-full rounded-xl" />;
  if (account.isError) return <LoadAlert what="The account" error={account.error} onRetry={() => void account.refetch()} className="mt-6" />;
  const money = (minor: number) => formatMoney(minor, currency);
  const { balanceMinor, payments, invoices } = account.data;
  return (
    <div className="mt-6 grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-lg">
          Balance{" "}
          <span data-testid="account-balance" className="font-display text-2xl tabular-nums text-ink-900">
            {money(balanceMinor)}
          </span>
          <span className="ml-3 text-sm text-muted-foreground">
            {invoices.length} invoice{invoices.length === 1 ? "" : "s"}
          </span>
        </p>
        <Button variant="outline" disabled={issue.isPending} onClick={() => issue.mutate({ patientId })}>
          Invoice adjustments
        </Button>
      </div>
      <RecordPaymentForm patientId={patientId} currency={currency} />
      {payments.length > 0 ? (
        <TableCard label="Payments" columns={["Received", "Method", "Reference", "Amount", "Refunded", { label: "Actions", hidden: true }]}>
          {payments.map((payment) => (
            <TableRow key={payment.id} data-testid="admin-payment-row">
              <PaymentCells payment={payment} money={money} withReference />
              <TableCell className="text-right">
                <RefundButton
                  paymentId={payment.id}
                  byCard={payment.method === "card"}
                  leftMinor={payment.amountMinor - payment.refundedMinor}
                  currency={currency}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableCard>
      ) : null}
      <PatientRates patientId={patientId} patientName={patientName} currency={currency} />
    </div>
  );
}

const METHODS = (["cash", "cheque", "card_elsewhere"] as const).map((value) => ({ value, label: METHOD_LABEL[value] }));

function RecordPaymentForm({ patientId, currency }: { patientId: number; currency: string }) {
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<string>("cash");
  const [reference, setReference] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const refresh = useBillingRefresh();
  const record = trpc.billing.recordPayment.useMutation({
    onSuccess: (payment) => {
      toastSuccess("Payment recorded", `${formatMoney(payment.amountMinor, currency)} by ${METHOD_LABEL[payment.method].toLowerCase()}.`);
      setAmount("");
      setReference("");
      refresh();
    },
    onError: (error) => toastFailure("The payment was not recorded", error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = parseMoney(amount, currency);
    if (amountMinor === null || amountMinor <= 0) return setProblem("Give the amount received, like 120.00");
    setProblem(undefined);
    record.mutate({ patientId, amountMinor, method: method as (typeof METHODS)[number]["value"], reference });
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Record a payment"
      className="grid items-end gap-4 rounded-xl border border-hairline bg-ivory-50 p-4 sm:grid-cols-[1fr_1fr_1.5fr_auto]"
    >
      <AdminField id="payment-amount" label={`Amount (${currency})`} error={problem}>
        <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </AdminField>
      <SelectField id="payment-method" label="Method" value={method} onValueChange={setMethod} options={METHODS} />
      <AdminField id="payment-reference" label="Reference" hint="optional">
        <Input value={reference} onChange={(event) => setReference(event.target.value)} maxLength={120} />
      </AdminField>
      <Button type="submit" disabled={record.isPending}>
        {record.isPending ? "Recording…" : "Record payment"}
      </Button>
    </form>
  );
}

function RefundButton({ paymentId, byCard, leftMinor, currency }: { paymentId: number; byCard: boolean; leftMinor: number; currency: string }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const refresh = useBillingRefresh();
  const settled = {
    onSuccess: () => {
      toastSuccess("Refund recorded");
      refresh();
      setOpen(false);
    },
    onError: (error: unknown) => toastFailure("No refund was recorded", error),
  };
  const byHand = trpc.billing.refundPayment.useMutation(settled);
  // A payment by card (Stripe) is refunded through Stripe, which returns the money to the card.
  const throughStripe = trpc.payments.refund.useMutation(settled);
  const refund = byCard ? throughStripe : byHand;
  if (leftMinor <= 0) return <Badge tone="stone">Refunded</Badge>;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountMinor = parseMoney(amount, currency);
    if (amountMinor === null || amountMinor <= 0) return setProblem("Give the amount to refund, like 20.00");
    setProblem(undefined);
    if (byCard) throughStripe.mutate({ paymentId, amountMinor, reason });
    else byHand.mutate({ id: paymentId, amountMinor, reason });
  };
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          setAmount(decimalAmount(leftMinor, currency));
          setOpen(true);
        }}
      >
        Refund
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form onSubmit={submit} className="grid gap-6">
            <DialogHeader>
              <DialogTitle>Refund this payment</DialogTitle>
              <DialogDescription>
                At most {formatMoney(leftMinor, currency)} is left of it.{" "}
                {byCard ? "Stripe returns it to the card it was paid with." : "Hand the money back the way it came."}
              </DialogDescription>
            </DialogHeader>
            <AdminField id="refund-amount" label={`Amount (${currency})`} error={problem}>
              <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
            </AdminField>
            <AdminField id="refund-reason" label="Reason">
              <Textarea value={reason} onChange={(event) => setReason(event.target.value)} required maxLength={500} />
            </AdminField>
            <FormDialogFooter busy={refund.isPending} onCancel={() => setOpen(false)} label="Refund" busyLabel="Refunding…" />
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

function Receivables({ currency }: { currency: string }) {
  const report = trpc.billing.receivables.useQuery();
  const money = (minor: number) => formatMoney(minor, currency);
  return (
    <SectionCard title="Receivables" description="Who owes what, by the age of what they owe.">
      {report.isPending ? (
        <Skeleton className="h-24 w-full rounded-xl" />
      ) : report.isError ? (
        <LoadAlert what="The receivables" error={report.error} onRetry={() => void report.refetch()} />
      ) : report.data.patients.length === 0 ? (
        <EmptyState title="Nothing owed">Every patient is paid up.</EmptyState>
      ) : (
        <TableCard label="Receivables" columns={["Patient", "Owed", "0–30 days", "31–60 days", "61–90 days", "Over 90 days"]}>
          {report.data.patients.map((row) => (
            <TableRow key={row.patientId} data-testid="receivable-row">
              <TableCell label="Patient" className="font-medium">
                {row.patientName}
              </TableCell>
              <MoneyCell label="Owed" minor={row.balanceMinor} money={money} className="font-medium" />
              <MoneyCell label="0–30 days" minor={row.days0to30} money={money} />
              <MoneyCell label="31–60 days" minor={row.days31to60} money={money} />
              <MoneyCell label="61–90 days" minor={row.days61to90} money={money} />
              <MoneyCell label="Over 90 days" minor={row.over90} money={money} />
            </TableRow>
          ))}
        </TableCard>
      )}
    </SectionCard>
  );
}
