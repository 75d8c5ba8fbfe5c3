// The reminder scheduler (issue 34): at least once a minute (apps/api/src/notices/reminder-scheduler.ts)
// it looks at the scheduled sessions that a reminder could be due for — a range of the start-time
// index, never the whole table — and writes each due reminder to the outbox once. A reminder is
// due when its session's start minus the lead time has passed and the session has not started;
// one that would fall in the patient's quiet hours is due when they begin instead. Its dedupe key
// names the session's start and the lead, so a rescheduled session gets new reminders, and two
// runs (or two instances on PostgreSQL) write one.
import { setImmediate } from "node:timers/promises";
import { TZDate } from "@date-fns/tz";
import { scheduledSessionsStartingBetween, writtenDedupeKeys, type ReminderCandidate } from "@halcyon/db";
import { appointmentEventSequence } from "../calendar/ics";
import type { ClinicServices } from "../context";
import { appointmentReminder } from "../notices/kinds/appointment-notices";
import { enqueueNotices, type NoticeRequest } from "../notices/outbox";
import { clinicianNameOf } from "./appointment-notices";

const HOUR_MS = 3_600_000;
/**
 * Reminders written per transaction: a busy minute's batch holds neither the database nor the
 * event loop long (each transaction's reads, composing and insert run without a pause; 500 at
 * once held the loop for about 200 ms, 100 for 45 ms on one machine and 108 ms on a slower one,
 * `pnpm bench reminders`).
 */
const BATCH = 50;
/** Sessions read, and their due moments worked out, without a pause (see enqueueDueReminders). */
const PAGE = 250;

type QuietHours = ClinicServices["config"]["notices"]["quietHours"];

function minuteOfDay(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(":").map(Number);
  return hours * 60 + minutes;
}

/** How long quiet hours last, at most (a clock-time span; a DST change moves it by an hour). */
function quietSpanMs({ start, end }: QuietHours): number {
  const span = (minuteOfDay(end) - minuteOfDay(start) + 1440) % 1440;
  return span === 0 ? 0 : span * 60_000 + HOUR_MS;
}

/**
 * When a reminder `leadHours` before `start` is due for a member in `timeZone`: the lead is a
 * duration, but quiet hours are clock times of the member's own zone, read with @date-fns/tz; a
 * moment inside them moves back to their beginning (that evening's, or the one before a
 * small-hours moment).
 */
export function reminderDueAt(start: Date, leadHours: number, timeZone: string, quiet: QuietHours): Date {
  const due = new Date(start.getTime() - leadHours * HOUR_MS);
  const [quietStart, quietEnd] = [minuteOfDay(quiet.start), minuteOfDay(quiet.end)];
  if (quietStart === quietEnd) return due;
  const local = new TZDate(due.getTime(), timeZone);
  const minute = local.getHours() * 60 + local.getMinutes();
  const inside = quietStart < quietEnd ? minute >= quietStart && minute < quietEnd : minute >= quietStart || minute < quietEnd;
  if (!inside) return due;
  // Across midnight, a moment before the end began on the evening before.
  const dayBefore = quietStart > quietEnd && minute < quietEnd ? 1 : 0;
  const begins = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() - dayBefore, 0, quietStart, 0, 0, timeZone);
  return new Date(begins.getTime());
}

/** The key that makes a reminder exist once: the session, its start, the lead, the recipient. */
export function reminderKey(session: Pick<ReminderCandidate, "id" | "startTime" | "patientId">, leadHours: number): string {
  return `reminder:${session.id}:${session.startTime}:${leadHours * 60}:${session.patientId}`;
}

/** The outbox's keys of a reminder, one per channel it may go on (outbox.ts appends the channel). */
function writtenKeysOf(key: string): string[] {
  return appointmentReminder.channels.map((channel) => `${key}:${channel}`);
}

interface DueReminder {
  session: ReminderCandidate;
  leadHours: number;
  dueAt: Date;
}

/**
 * The one reminder of `session` due at `now`, if any: of the leads whose moment has passed, the
 * latest, so a session booked inside several lead times gets one reminder, not one per lead.
 */
function dueReminderOf(
  session: ReminderCandidate,
  leads: number[],
  services: Pick<ClinicServices, "config">,
  now: Date,
  dueMoments: Map<string, Date>,
): DueReminder | undefined {
  const timeZone = session.patientTimeZone ?? services.config.clinicTimeZone;
  const start = new Date(session.startTime);
  let latest: DueReminder | undefined;
  for (const leadHours of leads) {
    // Sessions start at a few moments of the day: one reading of a zone's clock serves them all.
    const moment = `${timeZone} ${session.startTime} ${leadHours}`;
    let dueAt = dueMoments.get(moment);
    if (!dueAt) dueMoments.set(moment, (dueAt = reminderDueAt(start, leadHours, timeZone, services.config.notices.quietHours)));
    if (dueAt <= now && (!latest || dueAt > latest.dueAt)) latest = { session, leadHours, dueAt };
  }
  return latest;
}

/** The reminder notices of the due reminders whose keys the outbox does not hold yet. */
async function notYetWritten(services: Pick<ClinicServices, "db">, due: DueReminder[]): Promise<NoticeRequest<"appointment_reminder">[]> {
  if (due.length === 0) return [];
  const written = await writtenDedupeKeys(
    services.db,
    due.flatMap(({ session, leadHours }) => writtenKeysOf(reminderKey(session, leadHours))),
  );
  const requests: NoticeRequest<"appointment_reminder">[] = [];
  for (const { session, leadHours } of due) {
    const key = reminderKey(session, leadHours);
    if (writtenKeysOf(key).some((channelKey) => written.has(channelKey))) continue;
    requests.push({
      kind: "appointment_reminder",
      userId: session.patientId,
      dedupeKey: key,
      params: {
        appointmentId: session.id,
        startTime: session.startTime,
        endTime: session.endTime,
        clinicianName: clinicianNameOf({ firstName: session.doctorFirstName, lastName: session.doctorLastName }),
        sequence: appointmentEventSequence(session.createdAt, session.updatedAt),
      },
    });
  }
  return requests;
}

/**
 * Writes the reminders due at `now` that are not yet written; answers how many it asked for. On
 * SQLite every query holds the event loop, and a busy minute's window holds thousands of sessions
 * (10,000 read at once held it about 160 ms, `pnpm bench reminders`): the window is read a page at
 * a time, each page's due moments worked out (once per zone, start and lead) and checked against
 * the outbox, and the requests waiting are served between pages and between the writes.
 */
export async function enqueueDueReminders(services: Pick<ClinicServices, "db" | "config" | "now">, now: Date): Promise<number> {
  const { reminderLeadHours: leads, quietHours } = services.config.notices;
  if (leads.length === 0) return 0;
  const horizon = new Date(now.getTime() + Math.max(...leads) * HOUR_MS + quietSpanMs(quietHours));
  const dueMoments = new Map<string, Date>();
  const requests: NoticeRequest<"appointment_reminder">[] = [];
  for (let after: ReminderCandidate | undefined, first = true; first || after; first = false) {
    if (!first) await setImmediate();
    const page = await scheduledSessionsStartingBetween(services.db, now.toISOString(), horizon.toISOString(), { after, limit: PAGE });
    const due = page.map((session) => dueReminderOf(session, leads, services, now, dueMoments)).filter((reminder) => reminder !== undefined);
    requests.push(...(await notYetWritten(services, due)));
    after = page.length === PAGE ? page.at(-1) : undefined;
  }
  for (let index = 0; index < requests.length; index += BATCH) {
    if (index > 0) await setImmediate();
    const batch = requests.slice(index, index + BATCH);
    await services.db.transaction().execute((trx) => enqueueNotices({ ...services, now: () => now }, trx, batch));
  }
  return requests.length;
}
