// The notices of an appointment's changes, asked for in each change's own transaction: to its
// patient and its doctor, each composed for its reader (appointment-notices kinds).
import type { Db, User } from "@halcyon/db";
import type { ClinicServices } from "../context";
import { appointmentEventSequence } from "../calendar/ics";
import type { AppointmentNoticeParams } from "../notices/kinds/appointment-notices";
import { enqueueNotices, type NoticeRequest } from "../notices/outbox";

/** What the notices need of the appointment: its id, its two parties, its time, when it was booked. */
export interface NoticedAppointment {
  id: number;
  patientId: number;
  doctorId: number;
  startTime: string;
  endTime: string;
  createdAt: string;
}

export type AppointmentChange =
  { kind: "booked" } | { kind: "rescheduled"; previousStartTime: string } | { kind: "cancelled"; cancelledBy: "patient" | "doctor" | "clinic" };

/** How a notice may name a doctor (only when the clinic names clinicians). */
export function clinicianNameOf(doctor: Pick<User, "firstName" | "lastName">): string {
  return `${doctor.firstName} ${doctor.lastName}`;
}

/** Who cancelled, as a notice says it: the patient, the doctor, or the clinic (an admin). */
export function cancellerOf(user: Pick<User, "role">): "patient" | "doctor" | "clinic" {
  return user.role === "admin" ? "clinic" : user.role;
}

function requestsFor(appointment: NoticedAppointment, clinicianName: string, change: AppointmentChange, at: string): NoticeRequest[] {
  return (["patient", "doctor"] as const).map((audience): NoticeRequest => {
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
    return { kind: "appointment_cancelled", userId, params: { ...base, cancelledBy: change.cancelledBy } };
  });
}

/** Writes the notices of one change of each of `appointments` (one read of their recipients, one insert). */
export async function enqueueAppointmentNotices(
  services: Pick<ClinicServices, "config" | "now">,
  trx: Db,
  appointments: NoticedAppointment[],
  clinicianName: string,
  change: AppointmentChange,
): Promise<void> {
  const at = services.now().toISOString();
  await enqueueNotices(
    services,
    trx,
    appointments.flatMap((appointment) => requestsFor(appointment, clinicianName, change, at)),
  );
}
