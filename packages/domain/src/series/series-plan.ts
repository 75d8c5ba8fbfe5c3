// Where a series' sessions would fall (the request's own checks, which a booking makes too), and
// which of them cannot be booked there now: the preview the booking form shows. A booking's last
// word on a taken hour is the slot indexes', never this look.
import { scheduledStartsBetween, type Db, type User } from "@halcyon/db";
import type { ClinicServices } from "../context";
import { AppError } from "../errors";
import { SERIES_MAX } from "./series.schema";
import { workingHoursOf } from "../appointments/availability";
import { isBookableStart, parseCalendarDate, SESSION_LENGTH_MS } from "../appointments/slots";
import { occurrencesOf, ruleText, shapeFrom, type Occurrence, type SeriesInterval, type SeriesShape } from "./recurrence";

export type OccurrenceProblem = "doctor_busy" | "patient_busy" | "outside_hours";

/** How far ahead a series may begin: a doctor's hours a year on are anyone's guess. */
export const SERIES_START_HORIZON_DAYS = 365;

export interface PlannedOccurrence extends Occurrence {
  problem: OccurrenceProblem | null;
}

export interface SeriesRequest {
  firstStart: string;
  /** 1, 2 or 4, as the input schema allows. */
  intervalWeeks: number;
  untilDate?: string | undefined;
  count?: number | undefined;
}

/**
 * The shape and occurrences a request asks for, refused when it begins in the past or more than
 * a year ahead, ends before it begins, or runs past 52 sessions.
 */
export function requestedSeries(
  services: Pick<ClinicServices, "config" | "now">,
  request: SeriesRequest,
): { shape: SeriesShape; occurrences: Occurrence[]; rule: string } {
  const firstStart = new Date(request.firstStart);
  const now = services.now().getTime();
  if (firstStart.getTime() <= now)
    throw new AppError("INVALID_INPUT", "That time has already passed. Please choose a time in the future for the first session.");
  if (firstStart.getTime() > now + SERIES_START_HORIZON_DAYS * 86_400_000) {
    throw new AppError("INVALID_INPUT", `A series begins within ${SERIES_START_HORIZON_DAYS} days: choose an earlier first session.`);
  }
  if (request.untilDate !== undefined && !parseCalendarDate(request.untilDate))
    throw new AppError("INVALID_INPUT", "Give the last date as a real date (YYYY-MM-DD).");
  const end: SeriesShape["end"] = request.count !== undefined ? { occurrences: request.count } : { untilDate: request.untilDate! };
  const shape = shapeFrom(firstStart, services.config.clinicTimeZone, request.intervalWeeks as SeriesInterval, end);
  if ("untilDate" in end && end.untilDate < shape.firstDate) throw new AppError("INVALID_INPUT", "The series' last date is before its first session.");
  const occurrences = occurrencesOf(shape);
  if (occurrences.length > SERIES_MAX) {
    throw new AppError("INVALID_INPUT", `A series has at most ${SERIES_MAX} sessions: choose an earlier last date.`);
  }
  return { shape, occurrences, rule: ruleText(shape, occurrences) };
}

/** Each occurrence with what stands in its way now: the doctor's hours, the doctor's or the patient's other sessions. */
export async function planOccurrences(
  services: Pick<ClinicServices, "config">,
  db: Db,
  { doctor, patientId, occurrences }: { doctor: User; patientId: number; occurrences: readonly Occurrence[] },
): Promise<PlannedOccurrence[]> {
  const first = occurrences[0];
  const last = occurrences.at(-1);
  if (!first || !last) return [];
  const hours = await workingHoursOf(services, db, doctor.id);
  const to = new Date(last.start.getTime() + SESSION_LENGTH_MS).toISOString();
  const [doctorBusy, eitherBusy] = await Promise.all([
    scheduledStartsBetween(db, { doctorId: doctor.id }, first.start.toISOString(), to),
    scheduledStartsBetween(db, { doctorId: doctor.id, patientId }, first.start.toISOString(), to),
  ]);
  const [byDoctor, byEither] = [new Set(doctorBusy), new Set(eitherBusy)];
  const zone = services.config.clinicTimeZone;
  return occurrences.map((occurrence) => {
    const at = occurrence.start.toISOString();
    const problem: OccurrenceProblem | null = !isBookableStart(occurrence.start, hours, zone)
      ? "outside_hours"
      : byDoctor.has(at)
        ? "doctor_busy"
        : byEither.has(at)
          ? "patient_busy"
          : null;
    return { ...occurrence, problem };
  });
}
