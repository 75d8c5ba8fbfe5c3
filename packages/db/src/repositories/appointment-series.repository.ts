// Weekly series: the rule a patient's repeating sessions with one doctor follow. The sessions
// themselves are appointment rows (appointments.repository), each naming its series.
import type { Db } from "./db";

export interface SeriesRecord {
  id: number;
  patientId: number;
  doctorId: number;
  rule: string;
  timeZone: string;
  firstDate: string;
  clockMinute: number;
  intervalWeeks: number;
  untilDate: string | null;
  occurrences: number | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

export type NewSeries = Omit<SeriesRecord, "id" | "updatedAt">;

/** What a change of a series rewrites: its rule and the parts it is computed from. */
export type SeriesPatch = Pick<SeriesRecord, "rule" | "firstDate" | "clockMinute" | "untilDate" | "occurrences" | "updatedAt">;

function toRecord(row: {
  id: number;
  patient_id: number;
  doctor_id: number;
  rule: string;
  time_zone: string;
  first_date: string;
  clock_minute: number;
  interval_weeks: number;
  until_date: string | null;
  occurrences: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}): SeriesRecord {
  return {
    id: row.id,
    patientId: row.patient_id,
    doctorId: row.doctor_id,
    rule: row.rule,
    timeZone: row.time_zone,
    firstDate: row.first_date,
    clockMinute: Number(row.clock_minute),
    intervalWeeks: Number(row.interval_weeks),
    untilDate: row.until_date,
    occurrences: row.occurrences === null ? null : Number(row.occurrences),
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertSeries(db: Db, series: NewSeries): Promise<number> {
  const row = await db
    .insertInto("appointment_series")
    .values({
      patient_id: series.patientId,
      doctor_id: series.doctorId,
      rule: series.rule,
      time_zone: series.timeZone,
      first_date: series.firstDate,
      clock_minute: series.clockMinute,
      interval_weeks: series.intervalWeeks,
      until_date: series.untilDate,
      occurrences: series.occurrences,
      created_by: series.createdBy,
      created_at: series.createdAt,
      updated_at: series.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findSeries(db: Db, id: number): Promise<SeriesRecord | undefined> {
  const row = await db.selectFrom("appointment_series").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toRecord(row);
}

/** The series with these ids, in no particular order. */
export async function findSeriesByIds(db: Db, ids: readonly number[]): Promise<SeriesRecord[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom("appointment_series").selectAll().where("id", "in", ids).execute()).map(toRecord);
}

export async function updateSeries(db: Db, id: number, patch: SeriesPatch): Promise<void> {
  await db
    .updateTable("appointment_series")
    .set({
      rule: patch.rule,
      first_date: patch.firstDate,
      clock_minute: patch.clockMinute,
      until_date: patch.untilDate,
      occurrences: patch.occurrences,
      updated_at: patch.updatedAt,
    })
    .where("id", "=", id)
    .execute();
}
