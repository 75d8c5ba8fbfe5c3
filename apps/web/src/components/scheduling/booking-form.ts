// The booking form's own check before it asks the server: the specification's required fields.

export type BookingField = "doctor" | "patient" | "title" | "startTime";

export type BookingFormValues = {
  doctorId: number | undefined;
  patientId: number | undefined;
  title: string;
  description: string;
  startTime: string | undefined;
};

/** The title is required, so it starts as what most sessions are called; the patient may change it. */
export const DEFAULT_SESSION_TITLE = "Therapy session";

export const EMPTY_BOOKING: BookingFormValues = {
  doctorId: undefined,
  patientId: undefined,
  title: DEFAULT_SESSION_TITLE,
  description: "",
  startTime: undefined,
};

/** The specification's wording for a booking without its required fields. */
export const BOOKING_REQUIRED = "Doctor, title and date/time are required.";
export const PATIENT_REQUIRED = "Choose the patient this session is for.";

export type BookingInput = { doctorId: number; patientId?: number; title: string; description?: string; startTime: string };

export type BookingValidation = { ok: true; input: BookingInput } | { ok: false; field: BookingField; message: string };

/** Patients book for themselves; a doctor books one of their patients with themselves. */
export function validateBooking(values: BookingFormValues, bookingFor: "self" | "patient"): BookingValidation {
  const title = values.title.trim();
  if (bookingFor === "patient" && values.patientId === undefined) return { ok: false, field: "patient", message: PATIENT_REQUIRED };
  if (values.doctorId === undefined) return { ok: false, field: "doctor", message: BOOKING_REQUIRED };
  if (!title) return { ok: false, field: "title", message: BOOKING_REQUIRED };
  if (!values.startTime) return { ok: false, field: "startTime", message: BOOKING_REQUIRED };
  const description = values.description.trim();
  return {
    ok: true,
    input: {
      doctorId: values.doctorId,
      ...(bookingFor === "patient" && values.patientId !== undefined ? { patientId: values.patientId } : {}),
      title,
      ...(description ? { description } : {}),
      startTime: values.startTime,
    },
  };
}
