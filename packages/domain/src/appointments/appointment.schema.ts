// What the appointment procedures accept and answer. Browser-safe.
import { z } from "zod";
import { partyDetailsSchema } from "../parties/party.schema";
import { idOf, recordId } from "../record-id";

export const appointmentStatusSchema = z.enum(["scheduled", "completed", "cancelled", "no_show"]);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

const instant = (what: string) =>
  z.iso.datetime({ offset: true, error: `Give the ${what} as an ISO-8601 time with its offset, like 2026-11-23T10:00:00-05:00` });

export const appointmentSchema = z
  .object({
    id: z.number().int(),
    patientId: z.number().int(),
    doctorId: z.number().int(),
    patientName: z.string(),
    doctorName: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    startTime: z.string(),
    endTime: z.string(),
    status: appointmentStatusSchema,
    notes: z.string().nullable(),
    lateCancellation: z.boolean(),
    cancelledAt: z.string().nullable(),
    /** When the patient confirmed from a reminder's link; null until then, and again once it is moved. */
    confirmedAt: z.string().nullable(),
    createdAt: z.string(),
    progressRating: z.number().nullable(),
    /** The service booked (null for sessions booked before the clinic priced its services). */
    serviceId: z.number().int().nullable(),
    /** The service's name (as it is called now; null with no service). */
    serviceName: z.string().nullable(),
    /** The fee agreed at booking, in minor units of the clinic's currency; a later price change never rewrites it. */
    feeMinor: z.number().int().nullable(),
    /**
     * The patient has still to fill in the intake or sign a consent's current version, due before
     * the first session (booking never waits for it). On every answer of the appointment calls;
     * absent where an appointment is part of something else (an unsigned note).
     */
    paperworkDue: z.boolean().optional(),
    /**
     * Only on a session of a weekly series: its series. A change of such a session asks which
     * sessions it is for (PATCH /appointments/{id}/series); PATCH /appointments/{id} changes this one.
     */
    seriesId: z.number().int().optional(),
    /** Only on a patient's place in a couple's or a group's session (see PartyDetails). */
    party: partyDetailsSchema.optional(),
  })
  .meta({ id: "Appointment" });
export type Appointment = z.infer<typeof appointmentSchema>;

/**
 * A list's page when the caller names no limit. A busy doctor has over a hundred sessions a month;
 * the clinic's own screens always name their range and limit, and a page of 50 keeps a plain GET
 * as quick as the rest (p99 under 25 ms at 50 connections, with 100 it was 40 ms).
 */
export const APPOINTMENT_LIST_DEFAULT = 50;
export const APPOINTMENT_LIST_MAX = 500;

export const listAppointmentsInputSchema = z
  .object({
    from: instant("start of the range").optional(),
    to: instant("end of the range").optional(),
    status: z.union([appointmentStatusSchema, z.array(appointmentStatusSchema)]).optional(),
    order: z.enum(["asc", "desc"]).optional(),
    limit: z.coerce.number().int().min(1).max(APPOINTMENT_LIST_MAX, `At most ${APPOINTMENT_LIST_MAX} appointments at a time`).optional(),
    patientId: idOf("patientId").optional(),
    doctorId: idOf("doctorId").optional(),
  })
  .optional();
export type ListAppointmentsInput = z.infer<typeof listAppointmentsInputSchema>;

const BOOKING_REQUIRED = "Doctor, title and date/time are required";

export const bookAppointmentInputSchema = z
  .object({
    doctorId: recordId(BOOKING_REQUIRED),
    /** Patients book for themselves and may leave it out; doctors and admins name the patient. */
    patientId: idOf("patientId").optional(),
    title: z.string({ error: BOOKING_REQUIRED }).trim().min(1, BOOKING_REQUIRED).max(120, "Titles can be at most 120 characters"),
    description: z.string().trim().max(2000, "Descriptions can be at most 2000 characters").nullish(),
    startTime: instant("session's date and time"),
    /** The service booked; left out, the clinic's default individual service (see docs/product.md). */
    serviceId: idOf("serviceId").optional(),
    /** Accepted for the specification's client; the server computes it (60 minutes). */
    endTime: z.string().optional(),
    /** Accepted for the specification's client; a new appointment is always scheduled. */
    status: z.literal("scheduled").optional(),
    /** A couples session: the partner's email address (they accept in the app, signed in with that verified address). */
    partnerEmail: z
      .email("Enter your partner's email address")
      .max(254, "Email addresses can be at most 254 characters")
      .transform((email) => email.toLowerCase())
      .optional(),
  })
  .meta({ id: "BookAppointmentInput" });
export type BookAppointmentInput = z.input<typeof bookAppointmentInputSchema>;

export const updateAppointmentInputSchema = z
  .object({
    id: idOf("Appointment id"),
    startTime: instant("new date and time").optional(),
    title: z.string().trim().min(1, "A title cannot be empty").max(120, "Titles can be at most 120 characters").optional(),
    description: z.string().trim().max(2000, "Descriptions can be at most 2000 characters").nullish(),
    status: z.enum(["completed", "cancelled", "no_show"], { error: "Status can be completed, cancelled or no_show" }).optional(),
  })
  .refine((input) => Object.keys(input).some((key) => key !== "id"), "Say what to change: startTime, title, description or status")
  .meta({ id: "UpdateAppointmentInput" });
export type UpdateAppointmentInput = z.input<typeof updateAppointmentInputSchema>;

export const slotsInputSchema = z.object({
  doctorId: idOf("doctorId"),
  date: z.string({ error: "Give the date as YYYY-MM-DD" }).regex(/^\d{4}-\d{2}-\d{2}$/, "Give the date as YYYY-MM-DD"),
  patientId: idOf("patientId").optional(),
});

export const slotSchema = z.object({ startTime: z.string(), endTime: z.string() });
export const slotsOutputSchema = z.object({ date: z.string(), timeZone: z.string(), slots: z.array(slotSchema) }).meta({ id: "DoctorSlots" });
export type DoctorSlots = z.infer<typeof slotsOutputSchema>;

export const appointmentSummarySchema = z
  .object({
    upcoming: z.number().int(),
    completed: z.number().int(),
    today: z.number().int(),
    thisWeek: z.number().int(),
    activePatients: z.number().int(),
    timeZone: z.string(),
  })
  .meta({ id: "AppointmentSummary" });
export type AppointmentSummary = z.infer<typeof appointmentSummarySchema>;

/** A reminder's signed link, as its page passes it on (`?token=…`). */
export const reminderLinkInputSchema = z
  .object({ token: z.string({ error: "This link is not complete. Open it again from the email." }).min(1).max(2000, "This link is not valid.") })
  .meta({ id: "ReminderLinkInput" });

export const confirmedAppointmentSchema = z.object({ startTime: z.string(), confirmedAt: z.string() }).meta({ id: "ConfirmedAppointment" });
