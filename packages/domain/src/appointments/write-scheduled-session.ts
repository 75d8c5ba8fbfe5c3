// A change decided on a session as read before its transaction writes only while the session is
// still scheduled: a change that came first (a cancellation in another tab, a move, a completion)
// undoes this one whole, rather than being written over and charged twice.
import { updateScheduledAppointment, type AppointmentPatch, type Db } from "@halcyon/db";
import { AppError } from "../errors";

export const SESSION_CHANGED = "Another change to this session came first: look at it again, then try once more.";
export const SERIES_CHANGED = "Another change to these sessions came first: look at the series again, then try once more.";

export async function writeScheduledSession(trx: Db, id: number, patch: AppointmentPatch, changedElsewhere: string): Promise<void> {
  if (!(await updateScheduledAppointment(trx, id, patch))) throw new AppError("CONFLICT", changedElsewhere);
}
