// A series' change is decided on its sessions as read before its transaction: each write checks
// that its session is still scheduled, so that a change that came first (a cancellation in another
// tab, a single session moved or completed) undoes this one whole, rather than being written over.
import { updateScheduledAppointment, type AppointmentPatch, type Db } from "@halcyon/db";
import { AppError } from "../errors";

export const SERIES_CHANGED = "Another change to these sessions came first: look at the series again, then try once more.";

export async function writeScheduledSession(trx: Db, id: number, patch: AppointmentPatch): Promise<void> {
  if (!(await updateScheduledAppointment(trx, id, patch))) throw new AppError("CONFLICT", SERIES_CHANGED);
}
