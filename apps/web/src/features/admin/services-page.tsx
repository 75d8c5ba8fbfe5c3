import { formatMoney, type ServiceKind } from "@halcyon/domain/rules";
import type { ClinicServiceView } from "@halcyon/domain/schemas";
import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Input } from "@halcyon/ui/components/input";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { Switch } from "@halcyon/ui/components/switch";
import { TableCell, TableRow } from "@halcyon/ui/components/table";
import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";

import { FormDialogFooter } from "../../components/form-dialog-footer";
import { issuesOf } from "../../lib/api-errors";
import { clearFormProblem, reportFormProblem } from "../../lib/form-problem";
import { trpc } from "../../lib/trpc";
import { AdminField } from "./admin-field";
import { AdminShell, EmptyState } from "./admin-shell";
import { toastFailure, toastSuccess } from "./feedback";
import { LoadAlert } from "./load-alert";
import { UnitInput } from "./policy-fields";
import { SelectField } from "./select-field";
import {
  checkService,
  fieldOfPath,
  KIND_LABEL,
  NEW_SERVICE,
  SERVICE_FIELDS,
  serviceFieldId,
  suggestedCpt,
  valuesOf,
  type ServiceField,
  type ServiceValues,
} from "./service-form";
import { TableCard } from "./table-card";
import { MoneyCell } from "../billing/money-cell";

const KINDS = (Object.keys(KIND_LABEL) as ServiceKind[]).map((value) => ({ value, label: KIND_LABEL[value] }));

/** What the clinic offers and what each costs: the fees bookings agree to, the CPT codes superbills print. */
export function ServicesPage() {
  const clinic = trpc.admin.settings.useQuery();
  const currency = clinic.data?.currency ?? "USD";
  const services = trpc.billing.services.useQuery({ includeInactive: true });
  // null: closed; "new": adding one; a service: editing it.
  const [editing, setEditing] = useState<ClinicServiceView | "new" | null>(null);
  // Retired services last: they stay for the sessions booked at them, but are no longer offered.
  const list = [...(services.data ?? [])].sort((a, b) => Number(b.active) - Number(a.active));

  return (
    <AdminShell
      section="Services"
      title="What the clinic offers"
      lead="Each service's length, fee and CPT code. A booking keeps the fee in force when it is made, so a later price change never rewrites a fee already agreed."
      actions={
        <Button onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          Add a service
        </Button>
      }
    >
      {services.isPending ? (
        <div role="status">
          <span className="sr-only">Loading the services…</span>
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      ) : services.isError ? (
        <LoadAlert what="The services" error={services.error} onRetry={() => void services.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState title="No services yet" action={<Button onClick={() => setEditing("new")}>Add a service</Button>}>
          Until the clinic has a service, sessions are booked without a fee.
        </EmptyState>
      ) : (
        <TableCard label="Services" columns={["Service", "Length", "Fee", "CPT code", "By video", "Sessions a year", { label: "Actions", hidden: true }]}>
          {list.map((service) => (
            <ServiceRow key={service.id} service={service} currency={currency} onEdit={() => setEditing(service)} />
          ))}
        </TableCard>
      )}
      <ServiceDialog editing={editing} currency={currency} onClose={() => setEditing(null)} />
    </AdminShell>
  );
}

function ServiceRow({ service, currency, onEdit }: { service: ClinicServiceView; currency: string; onEdit: () => void }) {
  return (
    <TableRow data-testid="service-row" className={service.active ? undefined : "text-muted-foreground"}>
      <TableCell label="Service">
        {/* One block: on a phone the cell's label sits on the left and this on the right. */}
        <div className="max-md:text-right">
          <span className="font-medium text-ink-900">{service.name}</span>
          <span className="block text-xs text-muted-foreground">{KIND_LABEL[service.kind]}</span>
          {service.active ? null : (
            <Badge tone="stone" className="mt-1">
              No longer offered
            </Badge>
          )}
        </div>
      </TableCell>
      <TableCell label="Length" className="tabular-nums">
        {service.minutes} min
      </TableCell>
      <MoneyCell label="Fee" minor={service.feeMinor} money={(minor) => formatMoney(minor, currency)} />
      <TableCell label="CPT code" className="tabular-nums">
        {service.cptCode}
      </TableCell>
      <TableCell label="By video">{service.videoAllowed ? "Yes" : "In person only"}</TableCell>
      <TableCell label="Sessions a year" className="tabular-nums">
        {service.usualSessionsPerYear > 0 ? service.usualSessionsPerYear : "—"}
      </TableCell>
      <TableCell className="text-right">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${service.name}`}>
          Edit
        </Button>
      </TableCell>
    </TableRow>
  );
}

function ServiceDialog({ editing, currency, onClose }: { editing: ClinicServiceView | "new" | null; currency: string; onClose: () => void }) {
  return (
    <Dialog open={editing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        {editing === null ? null : (
          <ServiceForm key={editing === "new" ? "new" : editing.id} service={editing === "new" ? null : editing} currency={currency} onDone={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ServiceForm({ service, currency, onDone }: { service: ClinicServiceView | null; currency: string; onDone: () => void }) {
  const [values, setValues] = useState<ServiceValues>(() => (service ? valuesOf(service, currency) : NEW_SERVICE));
  const [errors, setErrors] = useState<Partial<Record<ServiceField, string>>>({});
  const utils = trpc.useUtils();
  const settled = {
    onSuccess: (saved: ClinicServiceView) => {
      void utils.billing.services.invalidate();
      toastSuccess(service ? "Service saved" : "Service added", `${saved.name}: ${formatMoney(saved.feeMinor, currency)}, CPT ${saved.cptCode}.`);
      onDone();
    },
    onError: (error: unknown) => {
      // The server checks again: its refusals go by the field they are about.
      const fromServer: Partial<Record<ServiceField, string>> = {};
      for (const [path, message] of issuesOf(error)) {
        const field = fieldOfPath(path);
        if (field) fromServer[field] = message;
      }
      setErrors(fromServer);
      toastFailure(service ? "The service was not saved" : "The service was not added", error);
    },
  };
  const create = trpc.billing.createService.useMutation(settled);
  const update = trpc.billing.updateService.useMutation(settled);
  const busy = create.isPending || update.isPending;

  const set = <K extends keyof ServiceValues>(key: K, value: ServiceValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key in errors) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkService(values, currency);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = SERVICE_FIELDS.find((field) => checked.errors[field]);
      if (first) document.getElementById(serviceFieldId(first))?.focus();
      reportFormProblem(first ? checked.errors[first] : undefined);
      return;
    }
    clearFormProblem();
    if (service) update.mutate({ ...checked.input, id: service.id });
    else create.mutate(checked.input);
  };

  const suggestion = suggestedCpt(values);
  return (
    <form noValidate onSubmit={submit} className="grid gap-7">
      <DialogHeader>
        <DialogTitle>{service ? `Edit ${service.name}` : "Add a service"}</DialogTitle>
        <DialogDescription>
          {service
            ? "Changes apply to bookings made from now on. Sessions already booked keep the fee they were agreed at."
            : "Patients book it by name; superbills and estimates print its CPT code."}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-5 sm:grid-cols-2">
        <AdminField id={serviceFieldId("name")} label="Name" error={errors.name} className="sm:col-span-2">
          <Input value={values.name} onChange={(event) => set("name", event.target.value)} maxLength={80} disabled={busy} autoComplete="off" />
        </AdminField>
        <SelectField
          id={serviceFieldId("kind")}
          label="Kind"
          value={values.kind}
          onValueChange={(kind) => set("kind", kind as ServiceKind)}
          options={KINDS}
          disabled={busy}
        />
        <AdminField id={serviceFieldId("minutes")} label="Length" description="At least 16 minutes." error={errors.minutes}>
          <UnitInput unit="minutes" value={values.minutes} onChange={(minutes) => set("minutes", minutes)} disabled={busy} max={240} />
        </AdminField>
        <AdminField
          id={serviceFieldId("fee")}
          label={`Fee (${currency})`}
          description="A later change never rewrites a fee already agreed: booked sessions, and patients with a rate of their own, keep theirs."
          error={errors.fee}
        >
          <Input
            inputMode="decimal"
            value={values.fee}
            onChange={(event) => set("fee", event.target.value)}
            placeholder="150.00"
            disabled={busy}
            autoComplete="off"
          />
        </AdminField>
        <AdminField
          id={serviceFieldId("cptCode")}
          label="CPT code"
          hint="optional"
          description={
            suggestion
              ? `Left empty: ${suggestion}, the code a ${values.minutes.trim()}-minute ${KIND_LABEL[values.kind].split(" ")[0]!.toLowerCase()} session calls for.`
              : "Left empty: the code the kind and length call for."
          }
          error={errors.cptCode}
        >
          <Input
            inputMode="numeric"
            value={values.cptCode}
            onChange={(event) => set("cptCode", event.target.value)}
            maxLength={5}
            placeholder={suggestion ?? ""}
            disabled={busy}
            autoComplete="off"
          />
        </AdminField>
        <AdminField
          id={serviceFieldId("usualSessionsPerYear")}
          label="Usual sessions a year"
          description="The course of care a Good Faith Estimate expects for a self-pay patient. 0 if it varies too much to say."
          error={errors.usualSessionsPerYear}
        >
          <UnitInput unit="sessions" value={values.usualSessionsPerYear} onChange={(count) => set("usualSessionsPerYear", count)} disabled={busy} max={366} />
        </AdminField>
        <AdminField id="service-video" label="May be held by video" description="Off: in the office only.">
          <Switch checked={values.videoAllowed} onCheckedChange={(video) => set("videoAllowed", video)} disabled={busy} />
        </AdminField>
        {service ? (
          <AdminField id="service-active" label="Offered" description="Off: no new bookings. Sessions already booked at it are kept.">
            <Switch checked={values.active} onCheckedChange={(active) => set("active", active)} disabled={busy} />
          </AdminField>
        ) : null}
      </div>
      <FormDialogFooter busy={busy} onCancel={onDone} label={service ? "Save the service" : "Add the service"} busyLabel="Saving…" />
    </form>
  );
}
