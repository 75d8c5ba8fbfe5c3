// The one audit row of a care relationship ending, whoever ends it: an admin, or the cancellation
// of the bookings that began it.
import type { Database, Transaction, User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";

export async function auditCareEnded(
  ctx: RequestContext & { user: User },
  trx: Transaction<Database>,
  pair: { doctorId: number; patientId: number },
  details: { reason: "admin" | "bookings_cancelled"; cancelledAppointmentIds?: number[] },
): Promise<void> {
  await recordAudit(
    ctx,
    {
      actorId: ctx.user.id,
      action: "care.end",
      outcome: "success",
      targetType: "patient",
      targetId: pair.patientId,
      request: ctx.request,
      details: { doctorId: pair.doctorId, ...details },
    },
    trx,
  );
}
