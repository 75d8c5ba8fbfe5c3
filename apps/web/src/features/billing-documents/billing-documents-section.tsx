import { formatMoney } from "@halcyon/domain/rules";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Label } from "@halcyon/ui/components/label";
import { Switch } from "@halcyon/ui/components/switch";
import { Textarea } from "@halcyon/ui/components/textarea";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { FileDown } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";

import { SectionCard } from "../../components/section-card";
import { formatDate } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";

const today = () => new Date().toISOString().slice(0, 10);

/** A superbill of any dates, as a PDF (GET /api/billing/patients/{id}/superbill.pdf): paid sessions only. */
export function SuperbillDownload({ patientId }: { patientId: number }) {
  const id = useId();
  const [from, setFrom] = useState(() => `${today().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const valid = Boolean(from && to && from <= to);
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input id={`${id}-from`} type="date" value={from} max={to} onChange={(event) => setFrom(event.target.value)} className="w-44" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input id={`${id}-to`} type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} className="w-44" />
        </div>
        <Button asChild variant="outline" aria-disabled={!valid}>
          <a href={valid ? `/api/billing/patients/${patientId}/superbill.pdf?from=${from}&to=${to}` : undefined} download>
            <FileDown aria-hidden="true" />
            Superbill (PDF)
          </a>
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">Lists the paid visits in these dates with their codes, for an insurer's out-of-network claim.</p>
    </div>
  );
}

/** An invoice's PDF, and its receipt once something was paid against it. */
export function InvoiceDownloads({ invoiceId, number, hasPayments }: { invoiceId: number; number: string; hasPayments: boolean }) {
  return (
    <span className="flex flex-wrap gap-x-3 gap-y-1">
      <a className="underline underline-offset-4" href={`/api/billing/invoices/${invoiceId}/invoice.pdf`} download>
        Invoice<span className="sr-only"> {number}</span>
      </a>
      {hasPayments ? (
        <a className="underline underline-offset-4" href={`/api/billing/invoices/${invoiceId}/receipt.pdf`} download>
          Receipt<span className="sr-only"> of {number}</span>
        </a>
      ) : null}
    </span>
  );
}

/** The Good Faith Estimates issued to the patient, each as a PDF. */
export function EstimateList({ patientId }: { patientId: number }) {
  const estimates = trpc.billingDocuments.estimates.useQuery({ patientId });
  if (estimates.isError) return <p className="text-sm text-muted-foreground">The estimates could not be read. Please reload the page.</p>;
  if (!estimates.data) return <p className="text-sm text-muted-foreground">Reading the estimates…</p>;
  if (estimates.data.length === 0) return <p className="text-sm text-muted-foreground">No estimate yet: one is issued when a priced visit is first booked.</p>;
  return (
    <ul className="grid gap-2" aria-label="Good Faith Estimates">
      {estimates.data.map((estimate) => (
        <li key={estimate.id} className="flex flex-wrap items-center justify-between gap-3 border-b border-ivory-300 pb-2 last:border-0">
          <span>
            <span className="font-medium text-ink-900">Estimate of {formatDate(estimate.issuedAt)}</span>{" "}
            <span className="text-muted-foreground tabular-nums">{formatMoney(estimate.totalMinor, estimate.currency)} expected</span>
          </span>
          <Button asChild variant="ghost" size="sm">
            <a href={`/api/billing/estimates/${estimate.id}/pdf`} download>
              <FileDown aria-hidden="true" />
              PDF<span className="sr-only"> of the estimate of {formatDate(estimate.issuedAt)}</span>
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** The patient's billing documents: estimates, superbills, the monthly superbill and the address they carry. */
export function BillingDocumentsSection({ patientId }: { patientId: number }) {
  const id = useId();
  const utils = trpc.useUtils();
  const details = trpc.billingDocuments.details.useQuery({ patientId });
  const [address, setAddress] = useState("");
  useEffect(() => setAddress(details.data?.postalAddress ?? ""), [details.data?.postalAddress]);
  const save = trpc.billingDocuments.saveDetails.useMutation({
    onSuccess: (saved) => {
      utils.billingDocuments.details.setData({ patientId }, saved);
      toast({ title: "Saved" });
    },
    onError: (error) => toast({ variant: "destructive", title: "Not saved", description: error.message }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ patientId, postalAddress: address, monthlySuperbill: details.data?.monthlySuperbill ?? false });
  };
  return (
    <SectionCard title="Billing documents" description="Estimates of your charges and superbills for your insurer.">
      <div className="grid gap-8">
        <EstimateList patientId={patientId} />
        <SuperbillDownload patientId={patientId} />
        {details.data ? (
          <>
            <div className="flex items-start justify-between gap-4">
              <div>
                <p id={`${id}-monthly`} className="font-medium text-ink-900">
                  A superbill every month
                </p>
                <p className="text-sm text-muted-foreground">When a month ends, its paid visits' superbill is made and we email you that it is ready.</p>
              </div>
              <Switch
                checked={details.data.monthlySuperbill}
                aria-labelledby={`${id}-monthly`}
                disabled={save.isPending}
                onCheckedChange={(monthlySuperbill) => save.mutate({ patientId, postalAddress: details.data?.postalAddress ?? null, monthlySuperbill })}
              />
            </div>
            <form onSubmit={submit} className="grid gap-2">
              <Label htmlFor={`${id}-address`}>Postal address on your documents</Label>
              <Textarea id={`${id}-address`} rows={3} value={address} maxLength={300} onChange={(event) => setAddress(event.target.value)} />
              <div>
                <Button type="submit" variant="outline" disabled={save.isPending}>
                  Save address
                </Button>
              </div>
            </form>
          </>
        ) : null}
      </div>
    </SectionCard>
  );
}
