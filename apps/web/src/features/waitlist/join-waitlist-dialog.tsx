import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Input } from "@halcyon/ui/components/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@halcyon/ui/components/select";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { cn } from "@halcyon/ui/lib/utils";
import { useId, useState, type FormEvent } from "react";

import { Field } from "../../components/field";
import { FormDialogFooter } from "../../components/form-dialog-footer";
import { ServiceField, useServiceChoices } from "../../components/scheduling/service-field";
import { doctorTitle } from "../../lib/appointment-rules";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { clearFormProblem, reportFormProblem } from "../../lib/form-problem";
import { trpc } from "../../lib/trpc";
import { checkWaitlistForm, emptyWaitlistForm, WEEKDAYS, type WaitlistField, type WaitlistFormValues } from "./waitlist-form";

type JoinWaitlistDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Joining a waitlist: whose hours, which days and times, until when; then POST /api/waitlist. */
export function JoinWaitlistDialog({ open, onOpenChange }: JoinWaitlistDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl sm:[--dialog-pad:2.5rem]">{open ? <JoinForm onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function JoinForm({ onDone }: { onDone: () => void }) {
  const ids = useId();
  const format = useTimeFormat();
  const [values, setValues] = useState<WaitlistFormValues>(() => emptyWaitlistForm(new Date()));
  const [invalid, setInvalid] = useState<WaitlistField>();
  const doctors = trpc.doctors.list.useQuery();
  const choices = useServiceChoices("self", undefined);
  const utils = trpc.useUtils();
  const join = trpc.waitlist.join.useMutation({
    onSuccess: async () => {
      toast({ title: "You are on the waitlist", description: "We will offer you a freed time that suits you, by email and here." });
      onDone();
      await utils.waitlist.invalidate();
    },
    onError: (error) => toast({ variant: "destructive", title: "Error", description: `We couldn't add you to the waitlist. ${error.message}` }),
  });

  const update = (patch: Partial<WaitlistFormValues>, field: WaitlistField) => {
    setValues((current) => ({ ...current, ...patch }));
    if (invalid === field) setInvalid(undefined);
  };
  const toggleDay = (weekday: number) =>
    update({ weekdays: values.weekdays.includes(weekday) ? values.weekdays.filter((day) => day !== weekday) : [...values.weekdays, weekday] }, "weekdays");

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkWaitlistForm(values, choices.defaultId);
    if (!checked.ok) {
      setInvalid(checked.field);
      document.getElementById(`${ids}-${checked.field}`)?.focus();
      reportFormProblem(checked.message);
      return;
    }
    clearFormProblem();
    join.mutate(checked.input);
  };
  const busy = join.isPending;
  const zone = format.clinicZoneName();

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <DialogHeader>
        <DialogTitle>Join a waitlist</DialogTitle>
        <DialogDescription>
          When a time that suits you is freed, it is offered to the people waiting in the order they joined, and held for a few minutes for each.
        </DialogDescription>
      </DialogHeader>

      <Field htmlFor={`${ids}-doctor`} label="Doctor" invalid={invalid === "doctor"}>
        <Select
          value={values.doctor === undefined ? "" : String(values.doctor)}
          onValueChange={(chosen) => update({ doctor: chosen === "any" ? "any" : Number(chosen) }, "doctor")}
          disabled={busy}
        >
          <SelectTrigger id={`${ids}-doctor`} aria-invalid={invalid === "doctor" || undefined} aria-required>
            <SelectValue placeholder={doctors.isPending ? "Loading our clinicians…" : "Choose a doctor"} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="any">Any doctor</SelectItem>
            {(doctors.data ?? []).map((doctor) => (
              <SelectItem key={doctor.id} value={String(doctor.id)}>
                {doctorTitle(`${doctor.firstName} ${doctor.lastName}`)} · {doctor.specialization}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>

      <ServiceField
        id={`${ids}-service`}
        bookingFor="self"
        {...choices}
        value={values.serviceId}
        onChange={(serviceId) => setValues((current) => ({ ...current, serviceId }))}
        disabled={busy}
      />

      <fieldset id={`${ids}-weekdays`} tabIndex={-1} className="grid gap-2 outline-none" aria-invalid={invalid === "weekdays" || undefined}>
        <legend className="mb-2 text-sm font-medium text-ink-900">Days that suit you</legend>
        <div className="flex flex-wrap gap-2">
          {WEEKDAYS.map((day) => {
            const chosen = values.weekdays.includes(day.value);
            return (
              <button
                key={day.value}
                type="button"
                aria-pressed={chosen}
                aria-label={day.long}
                disabled={busy}
                onClick={() => toggleDay(day.value)}
                className={cn(
                  "h-10 min-w-12 rounded-full border px-3 text-sm transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  chosen ? "border-ink-900 bg-ink-900 text-ivory-50" : "border-ivory-400 bg-ivory-50 text-ink-800 hover:border-ink-700",
                )}
              >
                {day.short}
              </button>
            );
          })}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field htmlFor={`${ids}-time`} label="From" invalid={invalid === "time"}>
          <Input
            id={`${ids}-time`}
            type="time"
            step={3600}
            value={values.from}
            disabled={busy}
            aria-invalid={invalid === "time" || undefined}
            onChange={(event) => update({ from: event.target.value }, "time")}
          />
        </Field>
        <Field htmlFor={`${ids}-to`} label="Until" message={zone ? `Clinic time (${zone}).` : undefined}>
          <Input
            id={`${ids}-to`}
            type="time"
            step={3600}
            value={values.to}
            disabled={busy}
            aria-invalid={invalid === "time" || undefined}
            onChange={(event) => update({ to: event.target.value }, "time")}
          />
        </Field>
      </div>

      <Field
        htmlFor={`${ids}-untilDate`}
        label="Offer me times until"
        invalid={invalid === "untilDate"}
        message="After this date you will not be offered a time."
      >
        <Input
          id={`${ids}-untilDate`}
          type="date"
          value={values.untilDate}
          disabled={busy}
          aria-invalid={invalid === "untilDate" || undefined}
          onChange={(event) => update({ untilDate: event.target.value }, "untilDate")}
        />
      </Field>

      <FormDialogFooter busy={busy} onCancel={onDone} label="Join the waitlist" busyLabel="Joining..." />
    </form>
  );
}
