// The booking form's own check before it asks the server (the specification's required fields),
// and which of the clinic's services it offers.
import { COUPLE_KINDS, ONE_PATIENT_KINDS } from "@halcyon/domain/rules";
import type { Quote } from "@halcyon/domain/schemas";

export type BookingField = "doctor" | "patient" | "title" | "startTime" | "partner";

export type BookingFormValues = {
  doctorId: number | undefined;
  patientId: number | undefined;
  title: string;
  description: string;
  startTime: string | undefined;
  /** The service chosen; undefined: the one the server would pick (serviceChoices' `defaultId`). */
  serviceId: number | undefined;
  /** A couples session's partner, by email address (asked only when a couples service is chosen). */
  partnerEmail: string;
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
  partnerEmail: "",
};

/** The specification's wording for a booking without its required fields. */
export const BOOKING_REQUIRED = "Doctor, title and date/time are required.";
export const PATIENT_REQUIRED = "Choose the patient this session is for.";
export const PARTNER_REQUIRED = "Enter your partner's email address: they accept the invitation in the app.";
/** What an address needs to be worth sending (the server checks it fully). */
const LOOKS_LIKE_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type BookingInput = {
  doctorId: number;
  patientId?: number;
  title: string;
  description?: string;
  startTime: string;
  serviceId?: number;
  partnerEmail?: string;
};

export type BookingValidation = { ok: true; input: BookingInput } | { ok: false; field: BookingField; message: string };

/**
 * Patients book for themselves; a doctor books one of their patients with themselves. The service
 * sent is the one chosen, else `defaultServiceId` (the server's own default, named so the fee the
 * patient was shown is the one agreed even if an admin changes the default meanwhile); with
 * neither, none is named and the server books as it always has.
 */
export function validateBooking(
  values: BookingFormValues,
  bookingFor: "self" | "patient",
  defaultServiceId?: number,
  services: readonly Pick<ServiceChoice, "id" | "kind">[] = [],
): BookingValidation {
  const title = values.title.trim();
  if (bookingFor === "patient" && values.patientId === undefined) return { ok: false, field: "patient", message: PATIENT_REQUIRED };
  if (values.doctorId === undefined) return { ok: false, field: "doctor", message: BOOKING_REQUIRED };
  if (!title) return { ok: false, field: "title", message: BOOKING_REQUIRED };
  if (!values.startTime) return { ok: false, field: "startTime", message: BOOKING_REQUIRED };
  const description = values.description.trim();
  const serviceId = values.serviceId ?? defaultServiceId;
  const partnerEmail = isCouplesService(services, serviceId) ? values.partnerEmail.trim() : undefined;
  if (partnerEmail !== undefined && !LOOKS_LIKE_ADDRESS.test(partnerEmail)) return { ok: false, field: "partner", message: PARTNER_REQUIRED };
  return {
    ok: true,
    input: {
      doctorId: values.doctorId,
      ...(bookingFor === "patient" && values.patientId !== undefined ? { patientId: values.patientId } : {}),
      title,
      ...(description ? { description } : {}),
      startTime: values.startTime,
      ...(serviceId !== undefined ? { serviceId } : {}),
      ...(partnerEmail !== undefined ? { partnerEmail } : {}),
    },
  };
}

/** Whether the service chosen is booked by a couple (the form then asks for the partner). */
export function isCouplesService(services: readonly Pick<ServiceChoice, "id" | "kind">[], serviceId: number | undefined): boolean {
  return services.some((service) => service.id === serviceId && COUPLE_KINDS.includes(service.kind));
}

export type ServiceChoice = Quote["services"][number];

/**
 * The services the dialog offers, as the quote orders them, and the one it starts at: the server's
 * default for a booking naming none, so a patient who leaves the choice alone books as before.
 * A couples service is offered too (the form then asks for the partner); family and group are not
 * booked from here.
 * No quote yet, or a clinic without services: no choices (the dialog shows none).
 */
export function serviceChoices(quote: Pick<Quote, "defaultServiceId" | "services"> | undefined): { services: ServiceChoice[]; defaultId: number | undefined } {
  const services = (quote?.services ?? []).filter((service) => ONE_PATIENT_KINDS.includes(service.kind) || COUPLE_KINDS.includes(service.kind));
  const defaultId = services.some((service) => service.id === quote?.defaultServiceId) ? quote!.defaultServiceId! : undefined;
  return { services, defaultId };
}
