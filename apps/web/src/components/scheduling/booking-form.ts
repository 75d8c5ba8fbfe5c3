// The booking form's own check before it asks the server (the specification's required fields),
// and which of the clinic's services it offers.
import { ONE_PATIENT_KINDS } from "@halcyon/domain/rules";
import type { Quote } from "@halcyon/domain/schemas";

export type BookingField = "doctor" | "patient" | "title" | "startTime";

export type BookingFormValues = {
  doctorId: number | undefined;
  patientId: number | undefined;
  title: string;
  description: string;
  startTime: string | undefined;
  /** The service chosen; undefined: the one the server would pick (serviceChoices' `defaultId`). */
  serviceId: number | undefined;
};

/** The title is required, so it starts as what most sessions are called; the patient may change it. */
export const DEFAULT_SESSION_TITLE = "Therapy session";

export const EMPTY_BOOKING: BookingFormValues = {
  doctorId: undefined,
  patientId: undefined,
  title: DEFAULT_SESSION_TITLE,
  description: "",
  startTime: undefined,
  serviceId: undefined,
};

/** The specification's wording for a booking without its required fields. */
export const BOOKING_REQUIRED = "Doctor, title and date/time are required.";
export const PATIENT_REQUIRED = "Choose the patient this session is for.";

export type BookingInput = { doctorId: number; patientId?: number; title: string; description?: string; startTime: string; serviceId?: number };

export type BookingValidation = { ok: true; input: BookingInput } | { ok: false; field: BookingField; message: string };

/**
 * Patients book for themselves; a doctor books one of their patients with themselves. The service
 * sent is the one chosen, else `defaultServiceId` (the server's own default, named so the fee the
 * patient was shown is the one agreed even if an admin changes the default meanwhile); with
 * neither, none is named and the server books as it always has.
 */
export function validateBooking(values: BookingFormValues, bookingFor: "self" | "patient", defaultServiceId?: number): BookingValidation {
  const title = values.title.trim();
  if (bookingFor === "patient" && values.patientId === undefined) return { ok: false, field: "patient", message: PATIENT_REQUIRED };
  if (values.doctorId === undefined) return { ok: false, field: "doctor", message: BOOKING_REQUIRED };
  if (!title) return { ok: false, field: "title", message: BOOKING_REQUIRED };
  if (!values.startTime) return { ok: false, field: "startTime", message: BOOKING_REQUIRED };
  const description = values.description.trim();
  const serviceId = values.serviceId ?? defaultServiceId;
  return {
    ok: true,
    input: {
      doctorId: values.doctorId,
      ...(bookingFor === "patient" && values.patientId !== undefined ? { patientId: values.patientId } : {}),
      title,
      ...(description ? { description } : {}),
      startTime: values.startTime,
      ...(serviceId !== undefined ? { serviceId } : {}),
    },
  };
}

export type ServiceChoice = Quote["services"][number];

/**
 * The services the dialog offers, as the quote orders them, and the one it starts at: the server's
 * default for a booking naming none, so a patient who leaves the choice alone books as before.
 * No quote yet, or a clinic without services: no choices (the dialog shows none).
 */
export function serviceChoices(quote: Pick<Quote, "defaultServiceId" | "services"> | undefined): { services: ServiceChoice[]; defaultId: number | undefined } {
  const services = (quote?.services ?? []).filter((service) => ONE_PATIENT_KINDS.includes(service.kind));
  const defaultId = services.some((service) => service.id === quote?.defaultServiceId) ? quote!.defaultServiceId! : undefined;
  return { services, defaultId };
}
