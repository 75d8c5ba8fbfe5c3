// Moving sessions of a series to another weekday or clock time: the chosen session goes where it
// is asked to, and every other session of the scope moves with it to the same weekday and clock
// time, each from its own occurrence (a session moved alone before follows the scope again).
// A series stays one series, so that "the whole series" always means every session booked with
// it: when the scope starts at the series' first occurrence the rule itself changes; otherwise
// the moved sessions are exceptions of the rule (RECURRENCE-ID in a calendar).
import {
  isUniqueViolation,
  updateAppointment as writeAppointment,
  updateSeries,
  type AppointmentPatch,
  type AppointmentView,
  type SeriesRecord,
  type User,
} from "@halcyon/db";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { enqueueAppointmentNotices } from "../appointments/appointment-notices";
import { assertBookableStart, findActiveDoctor, workingHoursOf } from "../appointments/availability";
import { hoursLabel } from "../appointments/update-appointment";
import { calendarDateIn, SESSION_LENGTH_MS, zonedInstant } from "../appointments/slots";
import { endCallOfAppointment } from "../visits/room-closing";
import { announceOfferChanges, offerFreedHours, settleBookedHours, type OfferChange } from "../waitlist/offers";
import { holdForSessionChange } from "../appointments/session-locks";
import { claimHoursForSingles } from "../appointments/doctor-hours";
import { editPatch, type SessionEdit } from "../appointments/session-edit";
import { SERIES_CHANGED, writeScheduledSession } from "../appointments/write-scheduled-session";
import { changedSessions } from "./changed-sessions";
import { addDays, clockMinuteOf, daysBetween, occurrencesOf, type Occurrence, type SeriesShape } from "./recurrence";
import { seriesConflict } from "./series-conflict";
import type { SeriesScope } from "./series.schema";
import { shapeOfSeries, storedShape } from "./stored-shape";

interface MoveRequest {
  series: SeriesRecord;
  chosen: AppointmentView;
  /** Still scheduled and still to come: the sessions that move. */
  targets: readonly AppointmentView[];
  /** Every session of the series, for the occurrences a changed rule renames. */
  sessions: readonly AppointmentView[];
  scope: SeriesScope;
  newStart: Date;
  edit: SessionEdit;
}

/** Where a move sends the occurrence on `date`: `dayShift` days on, at `clockMinute` in the series' zone. */
export function movedStart(date: string, dayShift: number, clockMinute: number, timeZone: string): Date {
  return zonedInstant(addDays(date, dayShift), clockMinute, timeZone);
}

/** The rule of a series whose every occurrence moves by `dayShift` days to `clockMinute` (the same number of them). */
export function shiftedShape(shape: SeriesShape, dayShift: number, clockMinute: number): SeriesShape {
  const end = "untilDate" in shape.end ? { untilDate: addDays(shape.end.untilDate, dayShift) } : shape.end;
  return { ...shape, firstDate: addDays(shape.firstDate, dayShift), clockMinute, end };
}

export async function moveSessions(ctx: RequestContext & { user: User }, request: MoveRequest): Promise<AppointmentView[]> {
  const { series, chosen, targets, sessions, scope, newStart, edit } = request;
  const { user } = ctx;
  const now = ctx.now();
  const zone = series.timeZone;
  for (const session of targets) {
    // The window is each session's own, as for a single session.
    if (user.role === "patient" && Date.parse(session.startTime) - now.getTime() < ctx.config.cancellationWindowMs) {
      throw new AppError(
        "FORBIDDEN",
        `The session on ${calendarDateIn(new Date(session.startTime), zone)} is less than ${hoursLabel(ctx.config.cancellationWindowMs)} away and can't be moved online. Please contact the clinic, or move the sessions after it.`,
      );
    }
  }

  const shape = shapeOfSeries(series);
  const old = occurrencesOf(shape);
  const indexOf = (session: AppointmentView) => old.findIndex((o) => o.start.getTime() === Date.parse(session.seriesOccurrence!));
  const chosenIndex = indexOf(chosen);
  if (chosenIndex < 0) throw new Error(`appointment ${chosen.id} stands for no occurrence of series ${series.id}`);
  const dayShift = daysBetween(old[chosenIndex]!.date, calendarDateIn(newStart, zone));
  const clockMinute = clockMinuteOf(newStart, zone);
  // The rule changes only when every occurrence moves (the scope starts at the first one).
  const ruleMoves = targets.some((session) => indexOf(session) === 0);
  const shifted = ruleMoves ? shiftedShape(shape, dayShift, clockMinute) : undefined;
  const newOccurrences: Occurrence[] | undefined = shifted && occurrencesOf(shifted);

  const [doctor, hours] = await Promise.all([findActiveDoctor(ctx.db, series.doctorId), workingHoursOf(ctx, ctx.db, series.doctorId)]);
  const moves = targets.map((session) => {
    const index = indexOf(session);
    if (index < 0) throw new Error(`appointment ${session.id} stands for no occurrence of series ${series.id}`);
    const start = movedStart(old[index]!.date, dayShift, clockMinute, zone);
    assertBookableStart(ctx, doctor, hours, start);
    return { session, index, start };
  });
  // Taken in the order that frees each slot before another session of the series needs it.
  const later = newStart.getTime() > Date.parse(chosen.startTime);
  moves.sort((a, b) => (Date.parse(a.session.startTime) - Date.parse(b.session.startTime)) * (later ? -1 : 1));
  const movingIds = new Set(targets.map((s) => s.id));
  const at = now.toISOString();
  const changes = ["reschedule", ...(Object.keys(editPatch(edit)).length > 0 ? ["edit"] : [])];

  let offerChanges: OfferChange[] = [];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await holdForSessionChange(trx, { doctorId: series.doctorId, patientIds: [series.patientId], changedElsewhere: SERIES_CHANGED, waitlist: true });
      await claimHoursForSingles(
        trx,
        series.doctorId,
        moves.map((move) => move.start.toISOString()),
      );
      if (shifted && newOccurrences) {
        await updateSeries(trx, series.id, storedShape(shifted, newOccurrences, at));
        // Every session now stands for the moved occurrence of the same place; those that do not move (cancelled ones) stay its exceptions.
        for (const session of sessions) {
          const renamed = newOccurrences[indexOf(session)];
          if (!movingIds.has(session.id) && renamed) await writeAppointment(trx, session.id, { seriesOccurrence: renamed.start.toISOString(), updatedAt: at });
        }
      }
      for (const { session, index, start } of moves) {
        const renamed = newOccurrences?.[index];
        const patch: AppointmentPatch = {
          ...(renamed ? { seriesOccurrence: renamed.start.toISOString() } : {}),
          ...editPatch(edit),
          startTime: start.toISOString(),
          endTime: new Date(start.getTime() + SESSION_LENGTH_MS).toISOString(),
          // The patient confirmed the old time, not this one.
          confirmedAt: null,
          updatedAt: at,
        };
        await writeScheduledSession(ctx, trx, session.id, patch, { changedElsewhere: SERIES_CHANGED, audit: { changes, scope, seriesId: series.id } });
        await enqueueAppointmentNotices(ctx, trx, [{ ...session, startTime: patch.startTime!, endTime: patch.endTime! }], session.doctorName, {
          kind: "rescheduled",
          previousStartTime: session.startTime,
        });
      }
      // The hours the moves take settle the offers holding them, and the hours they give up go to
      // the waitlist, as a single move's do, in the same transaction.
      const taken = await settleBookedHours(ctx, trx, {
        doctorId: series.doctorId,
        patientId: series.patientId,
        clinicianName: sessions[0]?.doctorName ?? "",
        sessions: moves.map(({ session, start }) => ({ startTime: start.toISOString(), appointmentId: session.id })),
      });
      const freed = await offerFreedHours(
        ctx,
        trx,
        series.doctorId,
        moves.map(({ session }) => new Date(session.startTime)),
        { passOver: series.patientId },
      );
      offerChanges = [...taken, ...freed];
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw await seriesConflict(
        ctx,
        moves.map((m) => m.start),
        { doctorId: series.doctorId, patientId: series.patientId, movingIds: [...movingIds] },
        error,
      );
    }
    throw error;
  }

  ctx.events.publish({ type: "appointment_changed", data: { id: chosen.id }, recipients: [series.patientId, series.doctorId] });
  announceOfferChanges(ctx, offerChanges);
  for (const session of targets) await endCallOfAppointment(ctx, session.id, "appointment_moved");
  return changedSessions(ctx.db, targets);
}
