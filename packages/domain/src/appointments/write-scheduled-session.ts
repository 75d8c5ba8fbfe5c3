// A change decided on a session as read before its transaction writes only while the session is
// still scheduled: a change that came first (a cancellation in another tab, a move, a completion)
// undoes this one whole, rather than being written over and charged twice. Each change is audited
// with it, one row per session, whatever made it (a PATCH, a series' scope, notes, a care ending).
import { updateScheduledAppointment, type AppointmentPatch, type Database, type Transaction, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";

export const SESSION_CHANGED = "Another change to this session came first: look at it again, then try once more.";
export const SERIES_CHANGED = "Another change to these sessions came first: look at the series again, then try once more.";

export async function writeScheduledSession(
  ctx: RequestContext & { user: User },
  trx: Transaction<Database>,
  id: number,
  patch: AppointmentPatch,
  { changedElsewhere, audit }: { changedElsewhere: string; audit: { changes: string[] } & Record<string, unknown> },
): Promise<void> {
  if (!(await updateScheduledAppointment(trx, id, patch))) throw new AppError("CONFLICT", changedElsewhere);
  await recordAudit(
    ctx,
    { actorId: ctx.user.id, action: "appointment.update", outcome: "success", targetType: "appointment", targetId: id, request: ctx.request, details: audit },
    trx,
  );
}
