// Where a series' sessions would fall, and which of them cannot be booked there: the preview the
// booking form shows, and the first check of a booking (the slot indexes remain the last).
import { scheduledStartsBetween, type Db, type User } from "@halcyon/db";
import type { ClinicServices } from "../context";
import { AppError } from "../errors";
import { workingHoursOf } from "../appointments/availability";
import { isBookableStart, SESSION_LENGTH_MS } from "../appointments/slots";
import { occurrencesOf, ruleText, SERIES_MAX_SESSIONS, shapeFrom, type Occurrence, type SeriesInterval, type SeriesShape } from "./recurrence";

export type OccurrenceProblem = "doctor_busy" | "patient_busy" | "outside_hours" | "past";

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

/** The shape and occurrences a request asks for, refused when it ends before it begins or runs past 52 sessions. */
export function requestedSeries(services: Pick<ClinicServices, "config">, request: SeriesRequest): { shape: SeriesShape; occurrences: Occurrence[]; rule: string } {
  const end = request.count !== undefined ? { occurrences: request.count } : { untilDate: request.untilDate! };
  const shape = shapeFrom(new Date(request.firstStart), services.config.clinicTimeZone, request.intervalWeeks as SeriesInterval, end);
  if ("untilDate" in end && end.untilDate < shape.firstDate) throw new AppError("INVALID_INPUT", "The series' last date is before its first session.");
  const occurrences = occurrencesOf(shape);
  if (occurrences.length > SERIES_MAX_SESSIONS) {
    throw new AppError("INVALID_INPUT", `A series has at most ${SERIES_MAX_SESSIONS} sessions: choose an earlier last date.`);
  }
  return { shape, occurrences, rule: ruleText(shape, occurrences) };
}

/** Each occurrence with what stands in its way now: the past, the doctor's hours, the doctor's or the patient's other sessions. */
export async function planOccurrences(
  services: Pick<ClinicServices, "config" | "now">,
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
  const now = services.now().getTime();
  const zone = services.config.clinicTimeZone;
  return occurrences.map((occurrence) => {
    const at = occurrence.start.toISOString();
    const problem: OccurrenceProblem | null =
      occurrence.start.getTime() <= now
        ? "past"
        : !isBookableStart(occurrence.start, hours, zone)
          ? "outside_hours"
          : byDoctor.has(at)
            ? "doctor_busy"
            : byEither.has(at)
              ? "patient_busy"
              : null;
    return { ...occurrence, problem };
  });
}
