// The join form's values and its check before it asks the server: a doctor (or any doctor, with a
// service), the weekdays and one span of clock time that suit the patient, and a last date.
import type { JoinWaitlistInput, WaitlistEntry } from "@halcyon/domain/schemas";

export type WaitlistField = "doctor" | "weekdays" | "time" | "untilDate";

export type WaitlistFormValues = {
  /** A doctor's id, or "any" for any doctor (then the service decides). */
  doctor: number | "any" | undefined;
  serviceId: number | undefined;
  weekdays: number[];
  /** "HH:MM", the clinic's clock. */
  from: string;
  to: string;
  /** YYYY-MM-DD. */
  untilDate: string;
};

/** Monday first, as the clinic's week reads; values as Date#getDay. */
export const WEEKDAYS = [
  { value: 1, short: "Mon", long: "Monday" },
  { value: 2, short: "Tue", long: "Tuesday" },
  { value: 3, short: "Wed", long: "Wednesday" },
  { value: 4, short: "Thu", long: "Thursday" },
  { value: 5, short: "Fri", long: "Friday" },
  { value: 6, short: "Sat", long: "Saturday" },
  { value: 0, short: "Sun", long: "Sunday" },
] as const;

/** How far ahead the last date starts: a month is what most people wait. */
const DEFAULT_WAIT_DAYS = 30;

export function emptyWaitlistForm(today: Date, doctor?: number): WaitlistFormValues {
  const until = new Date(today.getTime() + DEFAULT_WAIT_DAYS * 86_400_000);
  return { doctor, serviceId: undefined, weekdays: [], from: "09:00", to: "17:00", untilDate: until.toISOString().slice(0, 10) };
}

export type WaitlistValidation = { ok: true; input: JoinWaitlistInput } | { ok: false; field: WaitlistField; message: string };

export function checkWaitlistForm(values: WaitlistFormValues, defaultServiceId: number | undefined): WaitlistValidation {
  if (values.doctor === undefined) return { ok: false, field: "doctor", message: "Choose a doctor, or any doctor." };
  if (values.weekdays.length === 0) return { ok: false, field: "weekdays", message: "Choose at least one day that suits you." };
  if (!values.from || !values.to || values.from >= values.to) return { ok: false, field: "time", message: "The time that suits you must end after it starts." };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.untilDate)) return { ok: false, field: "untilDate", message: "Choose the last date you would like an offer for." };
  const serviceId = values.serviceId ?? defaultServiceId;
  return {
    ok: true,
    input: {
      ...(values.doctor === "any" ? {} : { doctorId: values.doctor }),
      ...(serviceId !== undefined ? { serviceId } : {}),
      times: [...values.weekdays].sort((a, b) => a - b).map((weekday) => ({ weekday, start: values.from, end: values.to })),
      untilDate: values.untilDate,
    },
  };
}

/** "Mon, Wed 17:00–20:00 · Sat 09:00–12:00": the days that share a span, Monday first. */
export function describeTimes(times: WaitlistEntry["times"]): string {
  const bySpan = new Map<string, string[]>();
  for (const day of WEEKDAYS) {
    for (const span of times.filter((time) => time.weekday === day.value)) {
      const key = `${span.start}–${span.end}`;
      bySpan.set(key, [...(bySpan.get(key) ?? []), day.short]);
    }
  }
  return [...bySpan].map(([span, days]) => `${days.join(", ")} ${span}`).join(" · ");
}

/** "Waiting 1 day", "Waiting 12 days", "Joined today". */
export function waitedPhrase(days: number): string {
  if (days === 0) return "Joined today";
  return `Waiting ${days} day${days === 1 ? "" : "s"}`;
}
