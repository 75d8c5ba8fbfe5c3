// Who may see an appointment: its patient, its doctor, and admins. Everyone else is told it
// does not exist (404), so ids cannot be probed.
import { findAppointment, type AppointmentView, type Db, type User } from "@halcyon/db";
import { AppError } from "../errors";

export const APPOINTMENT_NOT_FOUND = "No such appointment.";

export function canSeeAppointment(user: User, appointment: Pick<AppointmentView, "patientId" | "doctorId">): boolean {
  return user.role === "admin" || appointment.patientId === user.id || appointment.doctorId === user.id;
}

export async function findVisibleAppointment(db: Db, user: User, id: number): Promise<AppointmentView> {
  const appointment = await findAppointment(db, id);
  if (!appointment || !canSeeAppointment(user, appointment)) throw new AppError("NOT_FOUND", APPOINTMENT_NOT_FOUND);
  return appointment;
}
