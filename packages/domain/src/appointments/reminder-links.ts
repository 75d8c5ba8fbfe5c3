// The two links of a reminder (issue 34): Confirm, which works without signing in (the signed
// link is the proof, spent in the confirmation's own transaction), and Cancel or reschedule, which
// opens the app's own page for the appointment after sign-in, for the member it was sent to only.
// Both are single-use and expire when the session starts; a link of an appointment that has moved
// since is for its old time, and opens nothing.
import { confirmAppointment, findAppointment, type AppointmentView, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { LINK_NOT_VALID, readLink, spendLink, type LinkClaims } from "../notices/signed-links";
import { findVisibleAppointment } from "./appointment-access";

export const NOTHING_TO_CONFIRM = "This appointment is no longer scheduled, so there is nothing to confirm.";
export const APPOINTMENT_MOVED = "This appointment has moved since this reminder was sent. Sign in to see its new time.";
export const SOMEONE_ELSES_LINK = "This link was sent to someone else, so it opens nothing for you. Your own appointments are on the Appointments page.";

/** The appointment a reminder's link is about, checked against what the link was made for. */
function assertSameSession(claims: LinkClaims, appointment: AppointmentView | undefined): AppointmentView {
  if (!appointment || appointment.patientId !== claims.userId) throw new AppError("INVALID_INPUT", LINK_NOT_VALID);
  if (appointment.status !== "scheduled") throw new AppError("CONFLICT", NOTHING_TO_CONFIRM);
  // A reminder's links expire at the start they were sent for: any other start means it moved.
  if (appointment.startTime !== new Date(claims.expiresAt).toISOString()) throw new AppError("CONFLICT", APPOINTMENT_MOVED);
  return appointment;
}

/** Confirms the session a reminder's Confirm link names; audited as its patient's act. */
export async function confirmFromLink(ctx: RequestContext, token: string): Promise<{ startTime: string; confirmedAt: string }> {
  const now = ctx.now();
  const claims = readLink(ctx.secrets, token, "confirm_appointment", now);
  if (claims.targetId === undefined) throw new AppError("INVALID_INPUT", LINK_NOT_VALID);
  const appointment = assertSameSession(claims, await findAppointment(ctx.db, claims.targetId));
  const confirmedAt = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await spendLink(trx, claims, now);
    // Checked again in the write: a cancellation or a move since the read confirms nothing.
    if (!(await confirmAppointment(trx, appointment.id, appointment.startTime, confirmedAt))) throw new AppError("CONFLICT", APPOINTMENT_MOVED);
    await recordAudit(
      ctx,
      {
        actorId: claims.userId,
        action: "appointment.confirm",
        outcome: "success",
        targetType: "appointment",
        targetId: appointment.id,
        request: ctx.request,
        details: { via: "reminder_link" },
      },
      trx,
    );
  });
  ctx.events.publish({ type: "appointment_changed", data: { id: appointment.id }, recipients: [appointment.patientId, appointment.doctorId] });
  return { startTime: appointment.startTime, confirmedAt };
}

/**
 * The appointment a reminder's "Cancel or reschedule" link opens, for the signed-in member it was
 * sent to; spent once opened (the page then shows the appointment as the app always does, and
 * its cancel and reschedule follow the app's own rules). Someone else's link is refused unspent.
 */
export async function openManageLink(ctx: RequestContext & { user: User }, token: string): Promise<AppointmentView> {
  const now = ctx.now();
  const claims = readLink(ctx.secrets, token, "manage_appointment", now);
  if (claims.userId !== ctx.user.id) throw new AppError("FORBIDDEN", SOMEONE_ELSES_LINK);
  if (claims.targetId === undefined) throw new AppError("INVALID_INPUT", LINK_NOT_VALID);
  const appointment = await findVisibleAppointment(ctx.db, ctx.user, claims.targetId);
  if (appointment.status === "scheduled" && appointment.startTime !== new Date(claims.expiresAt).toISOString())
    throw new AppError("CONFLICT", APPOINTMENT_MOVED);
  await ctx.db.transaction().execute((trx) => spendLink(trx, claims, now));
  return appointment;
}
