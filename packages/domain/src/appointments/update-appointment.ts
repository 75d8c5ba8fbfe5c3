// The life of a scheduled session after booking: rescheduling, editing, cancelling, and — for
// its doctor — completing it or marking a no-show. Every change comes through here
// (PATCH /api/appointments/{id}). A session that is no longer scheduled is final.
import {
  endCareLeftByCancelledBookings,
  findAppointment,
  isUniqueViolation,
  updateAppointment as writeAppointment,
  type AppointmentPatch,
  type AppointmentView,
  type Database,
  type Transaction,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { chargeCompletedSession, openSessionFee } from "../billing/charges";
import { endCallOfAppointment } from "../visits/room-closing";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { findVisibleAppointment } from "./appointment-access";
import type { updateAppointmentInputSchema } from "./appointment.schema";
import { cancellerOf, enqueueAppointmentNotices, type AppointmentChange } from "./appointment-notices";
import { assertBookableStart, findActiveDoctor, workingHoursOf } from "./availability";
import { slotConflict } from "./book-appointment";
import { SESSION_LENGTH_MS } from "./slots";
import { announceOfferChanges, offerFreedHours, type OfferChange } from "../waitlist/offers";
import type { z } from "zod";

type UpdateInput = z.output<typeof updateAppointmentInputSchema>;

export const STATUS_WORDS = { completed: "completed", cancelled: "cancelled", no_show: "marked as a no-show", scheduled: "scheduled" } as const;

/**
 * A care relationship that a booking began ends with that booking's cancellation when nothing
 * else holds it: no other appointment of the pair is scheduled or took place (completed or
 * missed) and the doctor wrote no notes for the patient. Care a doctor began by opening the
 * patient's account, or an admin began by assigning the doctor, stays until an admin ends it.
 * Decided in the cancellation's own transaction, on what it sees, and audited with it.
 */
export async function endCareIfBookingsAllCancelled(
  ctx: RequestContext & { user: User },
  trx: Transaction<Database>,
  appointment: AppointmentView,
): Promise<void> {
  if (!(await endCareLeftByCancelledBookings(trx, appointment.doctorId, appointment.patientId))) return;
  await recordAudit(
    ctx,
    {
      actorId: ctx.user.id,
      action: "care.end",
      outcome: "success",
      targetType: "patient",
      targetId: appointment.patientId,
      request: ctx.request,
      details: { doctorId: appointment.doctorId, reason: "bookings_cancelled" },
    },
    trx,
  );
}

export function hoursLabel(ms: number): string {
  const hours = Math.round(ms / 3_600_000);
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

export async function updateAppointment(ctx: RequestContext & { user: User }, input: UpdateInput): Promise<AppointmentView> {
  const { user } = ctx;
  const appointment = await findVisibleAppointment(ctx.db, user, input.id);
  if (appointment.status !== "scheduled") {
    throw new AppError("CONFLICT", `This session is already ${STATUS_WORDS[appointment.status]} and can no longer be changed.`);
  }
  if (input.status !== undefined && input.startTime !== undefined) {
    throw new AppError("INVALID_INPUT", "Reschedule a session or change its status, not both at once.");
  }

  const now = ctx.now();
  const startsAt = Date.parse(appointment.startTime);
  const started = startsAt <= now.getTime();
  const insideWindow = startsAt - now.getTime() < ctx.config.cancellationWindowMs;
  const isOwnDoctor = user.role === "doctor" && appointment.doctorId === user.id;
  const patch: AppointmentPatch = { updatedAt: now.toISOString() };
  const changes: string[] = [];

  if (input.status === "completed" || input.status === "no_show") {
    if (!isOwnDoctor) throw new AppError("FORBIDDEN", "Only the session's doctor can mark it completed or as a no-show.");
    if (!started) throw new AppError("INVALID_INPUT", `A session can be ${STATUS_WORDS[input.status]} only once it has started.`);
    patch.status = input.status;
    changes.push(input.status);
  }

  if (input.status === "cancelled") {
    if (started) throw new AppError("INVALID_INPUT", "This session has already started, so it cannot be cancelled.");
    patch.status = "cancelled";
    patch.cancelledAt = now.toISOString();
    patch.cancelledBy = user.id;
    // A patient may cancel at any time; inside the window the doctor sees it was late.
    patch.lateCancellation = user.role === "patient" && insideWindow;
    changes.push(patch.lateCancellation ? "late_cancel" : "cancel");
  }

  let newStart: Date | undefined;
  if (input.startTime !== undefined) {
    if (started) throw new AppError("INVALID_INPUT", "This session has already started, so it cannot be moved.");
    if (user.role === "patient" && insideWindow) {
      throw new AppError(
        "FORBIDDEN",
        `Sessions less than ${hoursLabel(ctx.config.cancellationWindowMs)} away can't be moved online. Please contact the clinic, or cancel the session.`,
      );
    }
    newStart = new Date(input.startTime);
    const [doctor, hours] = await Promise.all([findActiveDoctor(ctx.db, appointment.doctorId), workingHoursOf(ctx, ctx.db, appointment.doctorId)]);
    assertBookableStart(ctx, doctor, hours, newStart);
    patch.startTime = newStart.toISOString();
    patch.endTime = new Date(newStart.getTime() + SESSION_LENGTH_MS).toISOString();
    // The patient confirmed the old time, not this one.
    patch.confirmedAt = null;
    changes.push("reschedule");
  }

  if (input.title !== undefined) patch.title = input.title;
  if (input.description !== undefined) patch.description = input.description ?? null;
  if (input.title !== undefined || input.description !== undefined) changes.push("edit");
  // What its two parties are told (a title or a description is never said in a notice).
  const noticed: AppointmentChange | undefined =
    patch.status === "cancelled"
      ? { kind: "cancelled", cancelledBy: cancellerOf(user) }
      : patch.startTime !== undefined
        ? { kind: "rescheduled", previousStartTime: appointment.startTime }
        : undefined;

  let offerChanges: OfferChange[] = [];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // Moving the row takes the new slot and gives up the old one at once; the slot indexes
      // refuse a new slot already taken.
      await writeAppointment(trx, appointment.id, patch);
      if (patch.status === "cancelled") await endCareIfBookingsAllCancelled(ctx, trx, appointment);
      // What the session's end owes, in the same transaction as the end itself.
      if (patch.status === "completed") await chargeCompletedSession(ctx, trx, appointment, user.id);
      if (patch.status === "no_show") await openSessionFee(ctx, trx, appointment, "no_show", user.id);
      if (patch.status === "cancelled" && patch.lateCancellation) await openSessionFee(ctx, trx, appointment, "late_cancellation", user.id);
      if (noticed) {
        const now = { ...appointment, startTime: patch.startTime ?? appointment.startTime, endTime: patch.endTime ?? appointment.endTime };
        await enqueueAppointmentNotices(ctx, trx, [now], appointment.doctorName, noticed);
      }
      // The hour a cancellation or a move gives up goes to the waitlist, in the same transaction.
      if (patch.status === "cancelled" || patch.startTime !== undefined) {
        offerChanges = await offerFreedHours(ctx, trx, appointment.doctorId, [new Date(appointment.startTime)], { passOver: appointment.patientId });
      }
      await recordAudit(
        ctx,
        {
          actorId: user.id,
          action: "appointment.update",
          outcome: "success",
          targetType: "appointment",
          targetId: appointment.id,
          request: ctx.request,
          details: { changes },
        },
        trx,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const start = patch.startTime ?? appointment.startTime;
      throw await slotConflict(ctx.db, { doctorId: appointment.doctorId, patientId: appointment.patientId, start, exceptId: appointment.id }, error);
    }
    throw error;
  }

  ctx.events.publish({ type: "appointment_changed", data: { id: appointment.id }, recipients: [appointment.patientId, appointment.doctorId] });
  announceOfferChanges(ctx, offerChanges);
  // Its room follows it: shut once it is no longer scheduled, moved with it when rescheduled.
  if (patch.status === "cancelled") await endCallOfAppointment(ctx, appointment.id, "appointment_cancelled");
  else if (patch.status !== undefined) await endCallOfAppointment(ctx, appointment.id, "appointment_closed");
  else if (patch.startTime !== undefined) await endCallOfAppointment(ctx, appointment.id, "appointment_moved");
  const updated = await findAppointment(ctx.db, appointment.id);
  if (!updated) throw new Error(`appointment ${appointment.id} vanished after an update`);
  return updated;
}
