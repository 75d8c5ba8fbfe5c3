// What a series change answers: the sessions it changed, as they now are, in the order they come.
import { findAppointments, type AppointmentView, type Db } from "@halcyon/db";

export async function changedSessions(db: Db, targets: readonly AppointmentView[]): Promise<AppointmentView[]> {
  const sessions = await findAppointments(
    db,
    targets.map((s) => s.id),
  );
  return sessions.sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime) || a.id - b.id);
}
