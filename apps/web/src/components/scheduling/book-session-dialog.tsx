import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Input } from "@halcyon/ui/components/input";
import { Textarea } from "@halcyon/ui/components/textarea";
import { useId, useState, type FormEvent } from "react";

import { Field, messageId } from "../field";
import { DoctorSelect, PatientSelect } from "./booking-party-select";
import { EMPTY_BOOKING, isCouplesService, PARTNER_REQUIRED, validateBooking, type BookingField, type BookingFormValues } from "./booking-form";
import { InsideWindowNote } from "./inside-window-note";
import { RepeatFields } from "./repeat-fields";
import { SeriesDates, useSeriesPreview } from "./series-dates";
import { DEFAULT_SERIES_END, seriesExceptions, seriesRequest, sessionsBooked, type DateChoice, type Repeat, type SeriesEnd } from "./series-form";
import { ServiceField, useServiceChoices } from "./service-field";
import { SlotPicker } from "./slot-picker";
import { useBookSeries } from "./use-book-series";
import { useBookSession } from "./use-book-session";
import { FormDialogFooter } from "../form-dialog-footer";
import { clearFormProblem, reportFormProblem } from "../../lib/form-problem";

type BookSessionDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * "self": a patient books with a doctor of their choice (`doctorId`: one chosen already, e.g. on
   * the team page). Otherwise a doctor books one of their patients with themselves (`doctorId` is
   * the doctor's own id).
   */
  bookingFor: { kind: "self"; doctorId?: number | undefined } | { kind: "patient"; doctorId: number; patientId?: number };
};

/** The booking modal: who with, what about, and a free slot, then POST /api/appointments (or, repeating, POST /api/appointment-series). */
export function BookSessionDialog({ open, onOpenChange, bookingFor }: BookSessionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl sm:[--dialog-pad:2.5rem]">
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
    doctorId: bookingFor.doctorId,
    patientId: forPatient ? bookingFor.patientId : undefined,
  }));
  const [invalid, setInvalid] = useState<BookingField>();
  const choices = useServiceChoices(forPatient ? "patient" : "self", values.patientId);
  const book = useBookSession({ onBooked: onDone, onRefused: () => setValues((current) => ({ ...current, startTime: undefined })) });
  const couple = isCouplesService(choices.services, values.serviceId ?? choices.defaultId);
  const [chosenRepeat, setRepeat] = useState<Repeat>(0);
  // A series is one patient's: a couple books one session at a time.
  const repeat = couple ? 0 : chosenRepeat;
  const [end, setEnd] = useState<SeriesEnd>(DEFAULT_SERIES_END);
  const [dateChoices, setDateChoices] = useState<Record<string, DateChoice>>({});
  const series = repeat !== 0 && values.startTime ? seriesRequest(values.startTime, repeat, end) : undefined;
  const preview = useSeriesPreview(values.doctorId, forPatient ? values.patientId : undefined, series?.ok ? series.request : undefined);
  const bookSeries = useBookSeries({ onBooked: onDone });

  const update = (patch: Partial<BookingFormValues>, field: BookingField) => {
    setValues((current) => ({ ...current, ...patch }));
    if (invalid === field) setInvalid(undefined);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const validation = validateBooking(values, forPatient ? "patient" : "self", choices.defaultId, choices.services);
    if (!validation.ok) {
      setInvalid(validation.field);
      document.getElementById(`${ids}-${validation.field}`)?.focus();
      reportFormProblem(validation.message);
      return;
    }
    if (repeat === 0) {
      clearFormProblem();
      book.mutate(validation.input);
      return;
    }
    if (series && !series.ok) return reportFormProblem(series.message);
    if (!series || !preview.data) return reportFormProblem("Wait for the dates of the series to be checked.");
    const exceptions = seriesExceptions(preview.data, dateChoices);
    if (!exceptions.ok) return reportFormProblem(`Pick another time for ${exceptions.date}, or skip that date.`);
    clearFormProblem();
    const { startTime: _first, ...session } = validation.input;
    bookSeries.mutate({ ...session, ...series.request, exceptions: exceptions.exceptions });
  };

  const busy = book.isPending || bookSeries.isPending;
  const seriesSize = repeat !== 0 && preview.data ? sessionsBooked(preview.data, dateChoices) : undefined;

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
          <PatientSelect
            id={`${ids}-patient`}
            value={values.patientId}
            onChange={(patientId) => update({ patientId, startTime: undefined }, "patient")}
            invalid={invalid === "patient"}
            disabled={busy}
          />
        </Field>
      ) : (
        <Field htmlFor={`${ids}-doctor`} label="Doctor" invalid={invalid === "doctor"}>
          <DoctorSelect
            id={`${ids}-doctor`}
            value={values.doctorId}
            onChange={(doctorId) => update({ doctorId, startTime: undefined }, "doctor")}
            invalid={invalid === "doctor"}
            disabled={busy}
          />
        </Field>
      )}

      <ServiceField
        id={`${ids}-service`}
        bookingFor={forPatient ? "patient" : "self"}
        {...choices}
        value={values.serviceId}
        onChange={(serviceId) => setValues((current) => ({ ...current, serviceId }))}
        disabled={busy}
      />

      {couple ? (
        <Field
          htmlFor={`${ids}-partner`}
          label={forPatient ? "The patient's partner" : "Your partner"}
          invalid={invalid === "partner"}
          message={
            invalid === "partner"
              ? PARTNER_REQUIRED
              : forPatient
                ? "Their email address. They accept the invitation in the app, signed in with that address."
                : "Their email address. They accept your invitation in the app, signed in with that address; until then the session is yours."
          }
        >
          <Input
            id={`${ids}-partner`}
            type="email"
            autoComplete="off"
            value={values.partnerEmail}
            maxLength={254}
            aria-required
            aria-describedby={messageId(`${ids}-partner`)}
            aria-invalid={invalid === "partner" || undefined}
            disabled={busy}
            onChange={(event) => update({ partnerEmail: event.target.value }, "partner")}
          />
        </Field>
      ) : null}

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
      {forPatient ? null : <InsideWindowNote startTime={values.startTime} />}

      {couple ? null : <RepeatFields id={ids} repeat={repeat} onRepeat={setRepeat} end={end} onEnd={setEnd} disabled={busy} />}
      {repeat !== 0 && values.doctorId !== undefined && values.startTime ? (
        series?.ok ? (
          <SeriesDates
            doctorId={values.doctorId}
            patientId={forPatient ? values.patientId : undefined}
            preview={preview}
            choices={dateChoices}
            onChoose={(occurrence, choice) => setDateChoices((current) => ({ ...current, [occurrence]: choice }))}
            disabled={busy}
          />
        ) : (
          <p className="text-sm text-destructive">{series?.message}</p>
        )
      ) : null}

      <FormDialogFooter
        busy={busy}
        onCancel={onDone}
        label={seriesSize !== undefined ? `Book ${seriesSize} sessions` : "Book Session"}
        busyLabel="Booking..."
      />
    </form>
  );
}
