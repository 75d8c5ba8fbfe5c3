import { formatMoney } from "@halcyon/domain/rules";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { TableCell, TableRow } from "@halcyon/ui/components/table";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";

import { issuesOf } from "../../lib/api-errors";
import { trpc } from "../../lib/trpc";
import { billingDate } from "../billing/money-words";
import { AdminField } from "./admin-field";
import { toastFailure, toastSuccess } from "./feedback";
import { LoadAlert } from "./load-alert";
import { SelectField } from "./select-field";
import { readAmount } from "./service-form";
import { TableCard } from "./table-card";
import { MoneyCell } from "../billing/money-cell";

/**
 * A patient's own rates (sliding scale): what they pay for a service instead of its fee. A rate
 * applies to the sessions they book afterwards; sessions already booked keep the fee agreed.
 */
export function PatientRates({ patientId, patientName, currency }: { patientId: number; patientName: string; currency: string }) {
  const rates = trpc.billing.patientRates.useQuery({ patientId });
  const services = trpc.billing.services.useQuery({ includeInactive: true });
  const utils = trpc.useUtils();
  const headingId = useId();
  const [serviceId, setServiceId] = useState("");
  const [amount, setAmount] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const money = (minor: number) => formatMoney(minor, currency);
  const nameOf = (id: number) => services.data?.find((service) => service.id === id)?.name ?? `Service ${id}`;

  const set = trpc.billing.setPatientRate.useMutation({
    onSuccess: (saved, input) => {
      utils.billing.patientRates.setData({ patientId }, saved);
      if (input.feeMinor === null) toastSuccess("Own rate cleared", `${patientName} pays the fee of ${nameOf(Number(input.serviceId))} at their next booking.`);
      else toastSuccess("Own rate set", `${patientName}'s next bookings of ${nameOf(Number(input.serviceId))} are at ${money(input.feeMinor)}.`);
      setAmount("");
    },
    onError: (error) => {
      const fee = issuesOf(error).get("feeMinor");
      if (fee) setProblem(fee);
      toastFailure("The rate was not changed", error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!serviceId) return setProblem("Choose the service the rate is for");
    const read = readAmount(amount, currency, "rate");
    if (!read.ok) return setProblem(read.message);
    setProblem(undefined);
    set.mutate({ patientId, serviceId: Number(serviceId), feeMinor: read.minor });
  };

  if (rates.isPending || services.isPending) return <Skeleton className="h-24 w-full rounded-xl" />;
  if (rates.isError) return <LoadAlert what="The patient's rates" error={rates.error} onRetry={() => void rates.refetch()} />;
  if (services.isError) return <LoadAlert what="The services" error={services.error} onRetry={() => void services.refetch()} />;

  const offered = services.data
    .filter((service) => service.active)
    .map((service) => ({ value: String(service.id), label: `${service.name} (${money(service.feeMinor)})` }));
  return (
    <div className="grid gap-4 border-t border-hairline pt-6" role="group" aria-labelledby={headingId}>
      <div className="grid gap-1">
        <h3 id={headingId} className="font-display text-xl text-ink-900">
          Own rates (sliding scale)
        </h3>
        <p className="text-sm text-muted-foreground">
          What {patientName} pays for a service instead of its fee. A rate applies to sessions booked from now on; those already booked keep the fee agreed. The
          fees themselves are under{" "}
          <Link to="/admin/billing/services" className="underline underline-offset-4">
            Services
          </Link>
          .
        </p>
      </div>
      {rates.data.length > 0 ? (
        <TableCard label={`${patientName}'s own rates`} columns={["Service", "Their rate", "Service fee", "Since", { label: "Actions", hidden: true }]}>
          {rates.data.map((rate) => {
            const service = services.data.find((candidate) => candidate.id === rate.serviceId);
            return (
              <TableRow key={rate.serviceId} data-testid="own-rate-row">
                <TableCell label="Service" className="font-medium">
                  {nameOf(rate.serviceId)}
                </TableCell>
                <MoneyCell label="Their rate" minor={rate.feeMinor} money={money} />
                <MoneyCell label="Service fee" minor={service?.feeMinor} money={money} className="text-muted-foreground" />
                <TableCell label="Since">{billingDate(rate.setAt)}</TableCell>
                <TableCell className="text-right">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={set.isPending}
                    onClick={() => set.mutate({ patientId, serviceId: rate.serviceId, feeMinor: null })}
                    aria-label={`Clear the own rate for ${nameOf(rate.serviceId)}`}
                  >
                    Clear
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </TableCard>
      ) : (
        <p className="text-sm text-muted-foreground">No own rates: {patientName} pays each service&rsquo;s fee.</p>
      )}
      <form
        onSubmit={submit}
        noValidate
        aria-label="Set an own rate"
        className="grid items-start gap-4 rounded-xl border border-hairline bg-ivory-50 p-4 sm:grid-cols-[1.5fr_1fr_auto]"
      >
        <SelectField id="rate-service" label="Service" value={serviceId} onValueChange={setServiceId} options={offered} placeholder="Choose a service" />
        <AdminField id="rate-amount" label={`Their rate (${currency})`} error={problem}>
          <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} placeholder="90.00" autoComplete="off" />
        </AdminField>
        <Button type="submit" disabled={set.isPending} className="sm:mt-7">
          {set.isPending ? "Setting…" : "Set rate"}
        </Button>
      </form>
    </div>
  );
}
