// Booking a weekly series: every session through the path of a single booking (the same rules of
// who books for whom, the same care, fee, notices and audit) and all of them in ONE transaction,
// so the slot indexes decide each hour exactly as for single bookings: two series racing for an
// hour end with one booking of it, and the series that lost it is not booked at all (409, nothing
// written), to be looked at again.
import {
  addCareRelationship,
  holdCare,
  insertAppointment,
  insertSeries,
  isUniqueViolation,
  findAppointments,
  type AppointmentView,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { agreedFee } from "../billing/agreed-fee";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { bookingParticipants, NOT_IN_CARE } from "../appointments/book-appointment";
import { clinicianNameOf, enqueueSeriesBookedNotices } from "../appointments/appointment-notices";
import { claimHoursForSingles } from "../appointments/doctor-hours";
import { announceOfferChanges, settleBookedHours, type OfferChange } from "../waitlist/offers";
import { assertBookableStart, workingHoursOf } from "../appointments/availability";
import { SESSION_LENGTH_MS } from "../appointments/slots";
import type { Occurrence } from "./recurrence";
import type { bookSeriesInputSchema } from "./series.schema";
import { seriesConflict } from "./series-conflict";
import { requestedSeries } from "./series-plan";
import { storedShape } from "./stored-shape";
import type { z } from "zod";

type BookSeriesInput = z.output<typeof bookSeriesInputSchema>;

/** A session to book: the occurrence it stands for and where it is booked (the occurrence, or the other time chosen). */
interface PlannedSession {
  occurrence: Occurrence;
  start: Date;
}

/** The sessions to book once the patient's choices for the taken dates are applied. */
function sessionsAfterChoices(occurrences: readonly Occurrence[], exceptions: BookSeriesInput["exceptions"] = []): PlannedSession[] {
  const byStart = new Map(occurrences.map((o) => [o.start.getTime(), o]));
  const chosen = new Map<number, Date | null>();
  for (const exception of exceptions) {
    const at = Date.parse(exception.occurrence);
    if (!byStart.has(at)) throw new AppError("INVALID_INPUT", `${exception.occurrence} is not one of the series' dates.`);
    if (chosen.has(at)) throw new AppError("INVALID_INPUT", `Choose one thing for ${exception.occurrence}: skip it or another time.`);
    chosen.set(at, "skip" in exception ? null : new Date(exception.moveTo));
  }
  const sessions = occurrences.flatMap((occurrence): PlannedSession[] => {
    const choice = chosen.get(occurrence.start.getTime());
    if (choice === null) return [];
    return [{ occurrence, start: choice ?? occurrence.start }];
  });
  if (sessions.length === 0) throw new AppError("INVALID_INPUT", "Every date of the series is skipped: there is nothing to book.");
  if (new Set(sessions.map((s) => s.start.getTime())).size !== sessions.length) {
    throw new AppError("INVALID_INPUT", "Two sessions of the series are at the same time: pick another time for one of them.");
  }
  return sessions;
}

export async function bookSeries(ctx: RequestContext & { user: User }, input: BookSeriesInput): Promise<{ seriesId: number; appointments: AppointmentView[] }> {
  const [{ patient, doctor }, hours] = await Promise.all([bookingParticipants(ctx, input), workingHoursOf(ctx, ctx.db, input.doctorId)]);
  const { shape, occurrences } = requestedSeries(ctx, input);
  const sessions = sessionsAfterChoices(occurrences, input.exceptions);
  for (const { start } of sessions) assertBookableStart(ctx, doctor, hours, start);
  const { serviceId, feeMinor } = await agreedFee(ctx.db, patient.id, input.serviceId);
  const createdAt = ctx.now().toISOString();
  const who = { patientId: patient.id, doctorId: doctor.id };

  let booked: { seriesId: number; ids: number[] };
  let offerChanges: OfferChange[] = [];
  try {
    booked = await ctx.db.transaction().execute(async (trx) => {
      // The care of the booking, as a single booking takes or holds it.
      if (ctx.user.role !== "doctor") await addCareRelationship(trx, doctor.id, patient.id, createdAt);
      else if (!(await holdCare(trx, doctor.id, patient.id))) throw new AppError("FORBIDDEN", NOT_IN_CARE);
      const stored = storedShape(shape, occurrences, createdAt);
      const seriesId = await insertSeries(trx, {
        ...who,
        ...stored,
        timeZone: shape.timeZone,
        intervalWeeks: shape.intervalWeeks,
        createdBy: ctx.user.id,
        createdAt,
      });
      const rows = sessions.map(({ occurrence, start }) => ({
        ...who,
        title: input.title,
        description: input.description ?? null,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + SESSION_LENGTH_MS).toISOString(),
        status: "scheduled" as const,
        createdAt,
        serviceId,
        feeMinor,
        seriesId,
        seriesOccurrence: occurrence.start.toISOString(),
      }));
      await claimHoursForSingles(
        trx,
        doctor.id,
        rows.map((row) => row.startTime),
      );
      const ids: number[] = [];
      // One at a time: each insert meets the slot indexes as a single booking's does.
      for (const row of rows) ids.push(await insertAppointment(trx, row));
      // The waitlist offers holding any of its hours are settled as a single booking's (waitlist/offers.ts).
      offerChanges = await settleBookedHours(ctx, trx, {
        ...who,
        sessions: rows.map((row, index) => ({ startTime: row.startTime, appointmentId: ids[index]! })),
        clinicianName: clinicianNameOf(doctor),
      });
      await enqueueSeriesBookedNotices(
        ctx,
        trx,
        rows.map((row, index) => ({ id: ids[index]!, ...row })),
        clinicianNameOf(doctor),
      );
      for (const id of ids) {
        await recordAudit(
          ctx,
          {
            actorId: ctx.user.id,
            action: "appointment.book",
            outcome: "success",
            targetType: "appointment",
            targetId: id,
            request: ctx.request,
            details: { seriesId },
          },
          trx,
        );
      }
      return { seriesId, ids };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw await seriesConflict(
        ctx,
        sessions.map((s) => s.start),
        who,
        error,
      );
    throw error;
  }

  ctx.events.publish({ type: "appointment_changed", data: { id: booked.ids[0]! }, recipients: [patient.id, doctor.id] });
  announceOfferChanges(ctx, offerChanges);
  const appointments = await findAppointments(ctx.db, booked.ids);
  return { seriesId: booked.seriesId, appointments: appointments.sort((a, b) => a.startTime.localeCompare(b.startTime)) };
}
