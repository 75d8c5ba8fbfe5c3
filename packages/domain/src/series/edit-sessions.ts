// A new title or description for several sessions of a series (no notice: neither is ever said in one).
import { findAppointments, type AppointmentView, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { sortedByStart } from "./cancel-sessions";
import { writeScheduledSession } from "./write-scheduled-session";
import type { SeriesScope } from "./series.schema";

export interface SessionEdit {
  title?: string | undefined;
  description?: string | null | undefined;
}

/** The patch an edit makes (nothing for what it leaves out). */
export function editPatch(edit: SessionEdit): { title?: string; description?: string | null } {
  return {
    ...(edit.title !== undefined ? { title: edit.title } : {}),
    ...(edit.description !== undefined ? { description: edit.description ?? null } : {}),
  };
}

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
      await writeScheduledSession(trx, session.id, { ...editPatch(edit), updatedAt });
      await recordAudit(
        ctx,
        {
          actorId: ctx.user.id,
          action: "appointment.update",
          outcome: "success",
          targetType: "appointment",
          targetId: session.id,
          request: ctx.request,
          details: { changes: ["edit"], scope, seriesId: session.seriesId },
        },
        trx,
      );
    }
  });
  ctx.events.publish({ type: "appointment_changed", data: { id: first.id }, recipients: [first.patientId, first.doctorId] });
  return sortedByStart(
    await findAppointments(
      ctx.db,
      targets.map((s) => s.id),
    ),
  );
}
