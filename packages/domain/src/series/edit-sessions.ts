// A new title or description for several sessions of a series (no notice: neither is ever said in one).
import type { AppointmentView, User } from "@halcyon/db";
import type { RequestContext } from "../context";
import { editPatch, type SessionEdit } from "../appointments/session-edit";
import { SERIES_CHANGED, writeScheduledSession } from "../appointments/write-scheduled-session";
import { changedSessions } from "./changed-sessions";
import type { SeriesScope } from "./series.schema";

export async function editSessions(
  ctx: RequestContext & { user: User },
  targets: readonly AppointmentView[],
  scope: SeriesScope,
  edit: SessionEdit,
): Promise<AppointmentView[]> {
  const first = targets[0];
  if (!first) return [];
  const updatedAt = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    for (const session of targets) {
      await writeScheduledSession(
        ctx,
        trx,
        session.id,
        { ...editPatch(edit), updatedAt },
        { changedElsewhere: SERIES_CHANGED, audit: { changes: ["edit"], scope, seriesId: session.seriesId } },
      );
    }
  });
  ctx.events.publish({ type: "appointment_changed", data: { id: first.id }, recipients: [first.patientId, first.doctorId] });
  return changedSessions(ctx.db, targets);
}
