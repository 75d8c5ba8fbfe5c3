// The refusal once a slot index has refused a write of several sessions: the first of their new
// times that the doctor or the patient holds (by a session other than those being moved), named by date.
import { scheduledIdsAt } from "@halcyon/db";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { calendarDateIn } from "../appointments/slots";

export async function seriesConflict(
  ctx: RequestContext,
  starts: readonly Date[],
  who: { doctorId: number; patientId: number; movingIds?: readonly number[] },
  cause: unknown,
): Promise<AppError> {
  const moving = new Set(who.movingIds ?? []);
  const others = (ids: number[]) => ids.filter((id) => !moving.has(id)).length > 0;
  for (const start of starts) {
    const at = start.toISOString();
    const [doctorBusy, patientBusy] = await Promise.all([
      scheduledIdsAt(ctx.db, { doctorId: who.doctorId }, at),
      scheduledIdsAt(ctx.db, { patientId: who.patientId }, at),
    ]);
    if (others(doctorBusy) || others(patientBusy)) {
      const whose = others(doctorBusy) ? "has just been taken" : "is when the patient already has a session";
      return new AppError("CONFLICT", `The time on ${calendarDateIn(start, ctx.config.clinicTimeZone)} ${whose}. Nothing was saved: look at the dates again.`, {
        cause,
      });
    }
  }
  return new AppError("CONFLICT", "One of the series' times has just been taken. Nothing was saved: look at the dates again.", { cause });
}
