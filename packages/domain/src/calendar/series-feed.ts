// A feed's series: the sessions of each series among a member's appointments become one event of
// the series' rule, its exceptions read from all of its sessions (not only those in the feed's
// window, so an old cancellation stays excluded).
import { appointmentsOfSeries, findSeriesByIds, type AppointmentView, type Db } from "@halcyon/db";
import { SESSION_LENGTH_MS } from "../appointments/slots";
import { occurrencesOf } from "../series/recurrence";
import { shapeOfSeries } from "../series/stored-shape";
import { appointmentEventSequence, type FeedSeries } from "./ics";

/** Whether a session still holds its hour in a calendar (a cancelled one does not). */
const holdsItsHour = (session: AppointmentView) => session.status !== "cancelled";

export async function feedSeriesOf(db: Db, appointments: readonly AppointmentView[]): Promise<FeedSeries[]> {
  const ids = [...new Set(appointments.flatMap((a) => (a.seriesId !== undefined ? [a.seriesId] : [])))];
  const records = await findSeriesByIds(db, ids);
  return Promise.all(
    records
      .sort((a, b) => a.id - b.id)
      .map(async (series): Promise<FeedSeries> => {
        const sessions = await appointmentsOfSeries(db, series.id);
        const occurrences = occurrencesOf(shapeOfSeries(series));
        const held = new Map(sessions.filter(holdsItsHour).map((s) => [Date.parse(s.seriesOccurrence!), s]));
        const first = occurrences[0]!;
        const changedAt = [series.updatedAt, ...sessions.map((s) => s.updatedAt)].reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
        const instants = [...occurrences.map((o) => o.start.getTime()), ...sessions.map((s) => Date.parse(s.startTime))];
        return {
          id: series.id,
          timeZone: series.timeZone,
          firstStart: first.start.toISOString(),
          firstEnd: new Date(first.start.getTime() + SESSION_LENGTH_MS).toISOString(),
          rule: series.rule,
          excluded: occurrences.filter((o) => !held.has(o.start.getTime())).map((o) => o.start.toISOString()),
          moved: [...held.values()]
            .filter((s) => Date.parse(s.startTime) !== Date.parse(s.seriesOccurrence!))
            .map((s) => ({ occurrence: s.seriesOccurrence!, startTime: s.startTime, endTime: s.endTime })),
          sequence: appointmentEventSequence(series.createdAt, changedAt),
          years: { from: new Date(Math.min(...instants)).getUTCFullYear(), to: new Date(Math.max(...instants)).getUTCFullYear() },
        };
      }),
  );
}
