// The notices of an appointment's changes, asked for in each change's own transaction: to its
// patient and its doctor, each composed for its reader (appointment-notices kinds).
import type { Db, User } from "@halcyon/db";
import type { ClinicServices } from "../context";
import { appointmentEventSequence } from "../calendar/ics";
import type { AppointmentNoticeParams } from "../notices/kinds/appointment-notices";
import { enqueueNotices, type NoticeRequest } from "../notices/outbox";

/** What the notices need of the appointment: its id, its patient and doctor, its time, when it was booked, its party if any. */
export interface NoticedAppointment {
  id: number;
  patientId: number;
  doctorId: number;
  startTime: string;
  endTime: string;
  createdAt: string;
  party?: { id: number } | undefined;
}

export type AppointmentChange =
  | { kind: "booked" }
  | { kind: "rescheduled"; previousStartTime: string }
  /** `cancellerId`: the patient who cancelled, so that a couple's other patient is told it was their partner. */
  | { kind: "cancelled"; cancelledBy: "patient" | "doctor" | "clinic"; cancellerId?: number };

/** How a notice may name a doctor (only when the clinic names clinicians). */
export function clinicianNameOf(doctor: Pick<User, "firstName" | "lastName">): string {
  return `${doctor.firstName} ${doctor.lastName}`;
}

/** Who cancelled, as a notice says it: the patient, the doctor, or the clinic (an admin). */
export function cancellerOf(user: Pick<User, "role">): "patient" | "doctor" | "clinic" {
  return user.role === "admin" ? "clinic" : user.role;
}

function requestsFor(
  appointment: NoticedAppointment,
  clinicianName: string,
  change: AppointmentChange,
  at: string,
  audiences: readonly ("patient" | "doctor")[],
): NoticeRequest[] {
  return audiences.map((audience): NoticeRequest => {
    const base: AppointmentNoticeParams = {
      appointmentId: appointment.id,
      startTime: appointment.startTime,
      endTime: appointment.endTime,
      audience,
      clinicianName,
      sequence: appointmentEventSequence(appointment.createdAt, at),
    };
    const userId = audience === "patient" ? appointment.patientId : appointment.doctorId;
    if (change.kind === "booked") return { kind: "appointment_booked", userId, params: base };
    if (change.kind === "rescheduled") return { kind: "appointment_rescheduled", userId, params: { ...base, previousStartTime: change.previousStartTime } };
    const byPartner = audience === "patient" && change.cancelledBy === "patient" && change.cancellerId !== undefined && change.cancellerId !== userId;
    return { kind: "appointment_cancelled", userId, params: { ...base, cancelledBy: byPartner ? "partner" : change.cancelledBy } };
  });
}

/**
 * Writes the notices of one change of each of `appointments` (one read of their recipients, one
 * insert): to each patient, and to the doctor once per session (once for all the places of a party).
 */
export async function enqueueAppointmentNotices(
  services: Pick<ClinicServices, "config" | "now">,
  trx: Db,
  appointments: NoticedAppointment[],
  clinicianName: string,
  change: AppointmentChange,
  { toDoctor = true }: { toDoctor?: boolean } = {},
): Promise<void> {
  const at = services.now().toISOString();
  const partiesTold = new Set<number>();
  await enqueueNotices(
    services,
    trx,
    appointments.flatMap((appointment) => {
      const doctorTold = !toDoctor || (appointment.party !== undefined && partiesTold.has(appointment.party.id));
      if (appointment.party) partiesTold.add(appointment.party.id);
      return requestsFor(appointment, clinicianName, change, at, doctorTold ? ["patient"] : ["patient", "doctor"]);
    }),
  );
}

/**
 * The notices of a series booked at once: one to its patient and one to its doctor, saying how many
 * sessions and the first and last (fifty-two emails to each would bury the one that matters). A
 * series of one is told as the single booking it is.
 */
export async function enqueueSeriesBookedNotices(
  services: Pick<ClinicServices, "config" | "now">,
  trx: Db,
  sessions: NoticedAppointment[],
  clinicianName: string,
): Promise<void> {
  const ordered = [...sessions].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const [first, last] = [ordered[0], ordered.at(-1)];
  if (!first || !last || ordered.length === 1) return enqueueAppointmentNotices(services, trx, ordered, clinicianName, { kind: "booked" });
  const told = (audience: "patient" | "doctor") => ({
    kind: "series_booked" as const,
    userId: audience === "patient" ? first.patientId : first.doctorId,
    params: { appointmentId: first.id, audience, clinicianName, count: ordered.length, firstStartTime: first.startTime, lastStartTime: last.startTime },
  });
  await enqueueNotices(services, trx, [told("patient"), told("doctor")]);
}
