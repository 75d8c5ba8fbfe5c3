import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Input } from "@halcyon/ui/components/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@halcyon/ui/components/select";
import { Textarea } from "@halcyon/ui/components/textarea";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useId, useState, type FormEvent } from "react";

import { doctorTitle } from "../../lib/appointment-rules";
import { useRefreshSchedule } from "../../lib/schedule-cache";
import { trpc } from "../../lib/trpc";
import { Field } from "../field";
import { EMPTY_BOOKING, validateBooking, type BookingField, type BookingFormValues } from "./booking-form";
import { SlotPicker } from "./slot-picker";

type BookSessionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * "self": a patient books with a doctor of their choice. Otherwise a doctor books one of their
   * patients with themselves (`doctorId` is the doctor's own id).
   */
  bookingFor: { kind: "self" } | { kind: "patient"; doctorId: number; patientId?: number };
};

/** The booking modal: who with, what about, and a free slot, then POST /api/appointments. */
export function BookSessionDialog({ open, onOpenChange, bookingFor }: BookSessionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl p-6 sm:p-10">
        {/* Mounted only while open, so every opening starts from an empty form. */}
        {open ? <BookingForm bookingFor={bookingFor} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BookingForm({ bookingFor, onDone }: { bookingFor: BookSessionDialogProps["bookingFor"]; onDone: () => void }) {
  const ids = useId();
  const forPatient = bookingFor.kind === "patient";
  const [values, setValues] = useState<BookingFormValues>(() => ({
    ...EMPTY_BOOKING,
    doctorId: forPatient ? bookingFor.doctorId : undefined,
    patientId: forPatient ? bookingFor.patientId : undefined,
  }));
  const [invalid, setInvalid] = useState<BookingField>();
  const refreshSchedule = useRefreshSchedule();

  const doctors = trpc.doctors.list.useQuery(undefined, { enabled: !forPatient });
  const patients = trpc.patients.list.useQuery({ limit: 200 }, { enabled: forPatient });

  const book = trpc.appointments.book.useMutation({
    onSuccess: async () => {
      toast({ title: "Success", description: "Appointment booked successfully!" });
      onDone();
      await refreshSchedule();
    },
    onError: async (error) => {
      toast({ variant: "destructive", title: "Error", description: `Failed to book appointment. Please try again. ${error.message}` });
      // The chosen time may just have been taken: offer the day's times afresh.
      setValues((current) => ({ ...current, startTime: undefined }));
      await refreshSchedule();
    },
  });

  const update = (patch: Partial<BookingFormValues>, field: BookingField) => {
    setValues((current) => ({ ...current, ...patch }));
    if (invalid === field) setInvalid(undefined);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const validation = validateBooking(values, forPatient ? "patient" : "self");
    if (!validation.ok) {
      setInvalid(validation.field);
      document.getElementById(`${ids}-${validation.field}`)?.focus();
      toast({ variant: "destructive", title: "Please check the form", description: validation.message });
      return;
    }
    book.mutate(validation.input);
  };

  const busy = book.isPending;

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <DialogHeader>
        <DialogTitle>{forPatient ? "Schedule an appointment" : "Book a session"}</DialogTitle>
        <DialogDescription>
          {forPatient
            ? "Choose one of your patients and a free hour in your calendar."
            : "Choose your clinician and a free hour that suits you. Sessions last 60 minutes."}
        </DialogDescription>
      </DialogHeader>

      {forPatient ? (
        <Field htmlFor={`${ids}-patient`} label="Patient" invalid={invalid === "patient"}>
          <Select
            value={values.patientId === undefined ? "" : String(values.patientId)}
            onValueChange={(value) => update({ patientId: Number(value), startTime: undefined }, "patient")}
            disabled={busy}
          >
            <SelectTrigger id={`${ids}-patient`} aria-invalid={invalid === "patient" || undefined} aria-required>
              <SelectValue placeholder={patients.isPending ? "Loading your patients…" : "Choose a patient"} />
            </SelectTrigger>
            <SelectContent>
              {(patients.data ?? []).map((patient) => (
                <SelectItem key={patient.id} value={String(patient.id)}>
                  {patient.firstName} {patient.lastName}
                </SelectItem>
              ))}
              {patients.data?.length === 0 ? <p className="px-3 py-2 text-sm text-muted-foreground">No patients yet.</p> : null}
            </SelectContent>
          </Select>
        </Field>
      ) : (
        <Field htmlFor={`${ids}-doctor`} label="Doctor" invalid={invalid === "doctor"}>
          <Select
            value={values.doctorId === undefined ? "" : String(values.doctorId)}
            onValueChange={(value) => update({ doctorId: Number(value), startTime: undefined }, "doctor")}
            disabled={busy}
          >
            <SelectTrigger id={`${ids}-doctor`} aria-invalid={invalid === "doctor" || undefined} aria-required>
              <SelectValue placeholder={doctors.isPending ? "Loading our clinicians…" : "Choose a doctor"} />
            </SelectTrigger>
            <SelectContent>
              {(doctors.data ?? []).map((doctor) => (
                <SelectItem key={doctor.id} value={String(doctor.id)}>
                  {doctorTitle(`${doctor.firstName} ${doctor.lastName}`)} · {doctor.specialization}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      )}

      <Field htmlFor={`${ids}-title`} label="Title" invalid={invalid === "title"}>
        <Input
          id={`${ids}-title`}
          value={values.title}
          maxLength={120}
          placeholder="e.g. Individual therapy"
          aria-required
          aria-invalid={invalid === "title" || undefined}
          disabled={busy}
          onChange={(event) => update({ title: event.target.value }, "title")}
        />
      </Field>

      <Field htmlFor={`${ids}-description`} label="Description" hint="optional">
        <Textarea
          id={`${ids}-description`}
          value={values.description}
          maxLength={2000}
          rows={2}
          className="min-h-20"
          placeholder={forPatient ? "Anything to prepare for this session" : "Anything your clinician should know beforehand"}
          disabled={busy}
          onChange={(event) => setValues((current) => ({ ...current, description: event.target.value }))}
        />
      </Field>

      <div id={`${ids}-startTime`} tabIndex={-1} className="outline-none">
        <SlotPicker
          doctorId={values.doctorId}
          patientId={values.patientId}
          value={values.startTime}
          invalid={invalid === "startTime"}
          onChange={(startTime) => update({ startTime }, "startTime")}
        />
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          Not now
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Booking..." : "Book Session"}
        </Button>
      </DialogFooter>
    </form>
  );
}
