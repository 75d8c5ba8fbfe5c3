// The life of a scheduled session after booking: rescheduling, editing, cancelling, and — for
// its doctor — completing it or marking a no-show. Every change comes through here
// (PATCH /api/appointments/{id}). A session that is no longer scheduled is final.
import { findAppointment, isUniqueViolation, updateParty, type AppointmentPatch, type AppointmentView, type User } from "@halcyon/db";
import { chargeCompletedSession, openSessionFee } from "../billing/charges";
import { endCallOfAppointment } from "../visits/room-closing";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { findVisibleAppointment } from "./appointment-access";
import type { updateAppointmentInputSchema } from "./appointment.schema";
import { enqueueAppointmentNotices } from "./appointment-notices";
import { cancelSessions } from "./cancel-sessions";
import { changesWholeSession, GROUP_NOT_MOVABLE, movable } from "../parties/party-rules";
import { scheduledPlacesOf } from "../parties/places";
import { holdForSessionChange } from "./session-locks";
import { claimHourForParty, claimHoursForSingles } from "./doctor-hours";
import { editPatch } from "./session-edit";
import { SESSION_CHANGED, writeScheduledSession } from "./write-scheduled-session";
import { assertBookableStart, findActiveDoctor, workingHoursOf } from "./availability";
import { slotConflict } from "./book-appointment";
import { SESSION_LENGTH_MS } from "./slots";
import { announceOfferChanges, offerFreedHours, settleBookedHours, type OfferChange } from "../waitlist/offers";
import type { z } from "zod";

type UpdateInput = z.output<typeof updateAppointmentInputSchema>;

const COUPLE_NOT_FREE = "That time is not free for both of you. Please choose another time.";
const GROUP_NOT_FREE = "That time is not free for every member of the group. Please choose another time.";

export const STATUS_WORDS = { completed: "completed", cancelled: "cancelled", no_show: "marked as a no-show", scheduled: "scheduled" } as const;

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
    // A staff member's cancelling of one group place takes that member out; the group is cancelled as a whole (cancelGroup).
    const places = appointment.party?.kind === "couple" ? await sessionOf(ctx, appointment, user.role) : [appointment];
    // A couple's session ends with either's cancellation; a member leaving a group leaves the group in place.
    const endsParties = appointment.party?.kind === "couple" ? [appointment.party.id] : [];
    await cancelSessions(ctx, places, { edit: input, changedElsewhere: SESSION_CHANGED, endsParties });
    return reread(ctx, appointment.id);
  }

  let newStart: Date | undefined;
  if (input.startTime !== undefined) {
    if (started) throw new AppError("INVALID_INPUT", "This session has already started, so it cannot be moved.");
    if (!movable(appointment, user.role)) throw new AppError("INVALID_INPUT", GROUP_NOT_MOVABLE);
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

  Object.assign(patch, editPatch(input));
  if (input.title !== undefined || input.description !== undefined) changes.push("edit");
  // A move or an edit is the session's: every place of a couple's changes with it. Attendance
  // (completed, a no-show) is each patient's own.
  const rows = patch.status === undefined ? await sessionOf(ctx, appointment, user.role) : [appointment];
  const { party } = appointment;

  let offerChanges: OfferChange[] = [];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      // A couple's move or edit, or staff's of a group, is the session's, decided on its places as
      // read: none taken meanwhile. (A member's edit of a group place is their own place's.)
      const whole = party && patch.status === undefined && changesWholeSession(appointment, user.role) ? party : undefined;
      await holdForSessionChange(trx, {
        doctorId: appointment.doctorId,
        patientIds: rows.map((row) => row.patientId),
        parties: whole ? [{ id: whole.id, placeIds: rows.map((row) => row.id) }] : [],
        changedElsewhere: SESSION_CHANGED,
        waitlist: newStart !== undefined,
      });
      if (newStart && party) await claimHourForParty(trx, appointment.doctorId, patch.startTime!);
      else if (newStart) await claimHoursForSingles(trx, appointment.doctorId, [patch.startTime!]);
      if (whole) await updateParty(trx, whole.id, { startTime: patch.startTime, endTime: patch.endTime, title: patch.title, updatedAt: patch.updatedAt });
      for (const row of rows) {
        // Moving the row takes the new slot and gives up the old one at once; the slot indexes
        // refuse a new slot already taken.
        await writeScheduledSession(ctx, trx, row.id, patch, { changedElsewhere: SESSION_CHANGED, audit: { changes } });
      }
      // What the session's end owes, in the same transaction as the end itself.
      if (patch.status === "completed") await chargeCompletedSession(ctx, trx, appointment, user.id);
      if (patch.status === "no_show") await openSessionFee(ctx, trx, appointment, "no_show", user.id);
      if (newStart) {
        // Its patients and doctor are told of a move (a title or a description is never said in a
        // notice), and the hour it gives up goes to the waitlist, in the same transaction.
        const moved = rows.map((row) => ({ ...row, startTime: patch.startTime!, endTime: patch.endTime! }));
        await enqueueAppointmentNotices(ctx, trx, moved, appointment.doctorName, { kind: "rescheduled", previousStartTime: appointment.startTime });
        // The hour it takes settles the offers holding it, as a booking of it would; the hour it gives up goes to the waitlist.
        const taken = await settleBookedHours(ctx, trx, {
          doctorId: appointment.doctorId,
          patientId: party ? null : appointment.patientId,
          clinicianName: appointment.doctorName,
          sessions: [{ startTime: patch.startTime!, appointmentId: appointment.id }],
        });
        const freed = await offerFreedHours(ctx, trx, appointment.doctorId, [new Date(appointment.startTime)], { passOver: appointment.patientId });
        offerChanges = [...taken, ...freed];
      }
    });
  } catch (error) {
    // A couple's or a group's move says no more than that the hour is not free for all (never whose session it met).
    if (isUniqueViolation(error) && party) throw new AppError("CONFLICT", party.kind === "group" ? GROUP_NOT_FREE : COUPLE_NOT_FREE, { cause: error });
    if (isUniqueViolation(error)) {
      const start = patch.startTime ?? appointment.startTime;
      throw await slotConflict(ctx.db, { doctorId: appointment.doctorId, patientId: appointment.patientId, start, exceptId: appointment.id }, error);
    }
    throw error;
  }

  ctx.events.publish({ type: "appointment_changed", data: { id: appointment.id }, recipients: [...rows.map((row) => row.patientId), appointment.doctorId] });
  announceOfferChanges(ctx, offerChanges);
  // Its room follows it: shut once it is no longer scheduled, moved with it when rescheduled.
  if (patch.status !== undefined) await endCallOfAppointment(ctx, appointment.id, "appointment_closed");
  else if (newStart) for (const row of rows) await endCallOfAppointment(ctx, row.id, "appointment_moved");
  return reread(ctx, appointment.id);
}

/** The places a change of `appointment` by `role` is made to: every scheduled place of its session when the change is the session's, else it alone. */
async function sessionOf(ctx: RequestContext, appointment: AppointmentView, role: User["role"]): Promise<AppointmentView[]> {
  if (!appointment.party || !changesWholeSession(appointment, role)) return [appointment];
  const places = await scheduledPlacesOf(ctx.db, appointment.party.id);
  return places.some((place) => place.id === appointment.id) ? places : [appointment];
}

async function reread(ctx: RequestContext, id: number): Promise<AppointmentView> {
  const updated = await findAppointment(ctx.db, id);
  if (!updated) throw new Error(`appointment ${id} vanished after an update`);
  return updated;
}
