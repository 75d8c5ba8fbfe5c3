// The booking form's weekly series: how often, until when, and what to do with each taken date,
// checked before the server is asked (which checks it all again).
import { SERIES_MAX, type BookSeriesInput, type SeriesPreview } from "@halcyon/domain/schemas";

/** 0: a single session; else every 1, 2 or 4 weeks. */
export type Repeat = 0 | 1 | 2 | 4;
export const REPEAT_LABELS: Record<Repeat, string> = { 0: "Does not repeat", 1: "Every week", 2: "Every 2 weeks", 4: "Every 4 weeks" };

export type SeriesEnd = { kind: "count"; count: string } | { kind: "until"; untilDate: string };
export const DEFAULT_SERIES_END: SeriesEnd = { kind: "count", count: "6" };

/** For a taken date: leave it out (the default), or book another time that day. */
export type DateChoice = { kind: "skip" } | { kind: "move"; startTime: string | undefined };

export type SeriesRequest = Pick<BookSeriesInput, "firstStart" | "intervalWeeks" | "count" | "untilDate">;

/** The series asked for, or what is wrong with its end, in words a person can act on. */
export function seriesRequest(
  firstStart: string,
  repeat: Exclude<Repeat, 0>,
  end: SeriesEnd,
): { ok: true; request: SeriesRequest } | { ok: false; message: string } {
  if (end.kind === "until") {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(end.untilDate)) return { ok: false, message: "Choose the date of the last session." };
    return { ok: true, request: { firstStart, intervalWeeks: repeat, untilDate: end.untilDate } };
  }
  const count = Number(end.count);
  if (!Number.isInteger(count) || count < 2 || count > SERIES_MAX) return { ok: false, message: `A series has 2 to ${SERIES_MAX} sessions.` };
  return { ok: true, request: { firstStart, intervalWeeks: repeat, count } };
}

/** The taken dates of a preview (each needs a choice). */
export function takenDates(preview: SeriesPreview | undefined): SeriesPreview["occurrences"] {
  return (preview?.occurrences ?? []).filter((occurrence) => occurrence.problem !== null);
}

/**
 * The exceptions the booking sends: every taken date skipped unless another time was picked for
 * it. A date set to "another time" with none picked yet is what is still missing.
 */
export function seriesExceptions(
  preview: SeriesPreview,
  choices: Readonly<Record<string, DateChoice>>,
): { ok: true; exceptions: NonNullable<BookSeriesInput["exceptions"]> } | { ok: false; date: string } {
  const exceptions: NonNullable<BookSeriesInput["exceptions"]> = [];
  for (const { occurrence, date } of takenDates(preview)) {
    const choice = choices[occurrence] ?? { kind: "skip" };
    if (choice.kind === "skip") exceptions.push({ occurrence, skip: true });
    else if (choice.startTime) exceptions.push({ occurrence, moveTo: choice.startTime });
    else return { ok: false, date };
  }
  return { ok: true, exceptions };
}

/** How many sessions the booking makes. */
export function sessionsBooked(preview: SeriesPreview, choices: Readonly<Record<string, DateChoice>>): number {
  return preview.occurrences.filter((o) => o.problem === null || choices[o.occurrence]?.kind === "move").length;
}

export const PROBLEM_WORDS: Record<NonNullable<SeriesPreview["occurrences"][number]["problem"]>, string> = {
  doctor_busy: "Taken: the clinician has another session",
  patient_busy: "Taken: there is already a session then",
  outside_hours: "Taken: outside the clinician's hours",
};
