// Outcome measures: what a patient answered (scored), what their doctors asked of them, and the
// safety alerts a PHQ-9 raised. Scoring and who-may-see rules are the domain's.
import type { Db } from "./db";

export type MeasureCadence = "once" | "before_every_session";

export interface MeasureView {
  id: number;
  patientId: number;
  instrument: string;
  answers: number[];
  score: number;
  band: string;
  createdAt: string;
}

export async function insertMeasure(db: Db, measure: Omit<MeasureView, "id">): Promise<MeasureView> {
  const row = await db
    .insertInto("measures")
    .values({
      patient_id: measure.patientId,
      instrument: measure.instrument,
      answers: JSON.stringify(measure.answers),
      score: measure.score,
      band: measure.band,
      created_at: measure.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, ...measure };
}

/** A patient's measures, oldest first. */
export async function listMeasures(db: Db, patientId: number): Promise<MeasureView[]> {
  const rows = await db.selectFrom("measures").selectAll().where("patient_id", "=", patientId).orderBy("created_at").orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id,
    patientId: row.patient_id,
    instrument: row.instrument,
    answers: JSON.parse(row.answers) as number[],
    score: row.score,
    band: row.band,
    createdAt: row.created_at,
  }));
}

/** When the patient last completed each instrument they ever completed. */
export async function lastMeasuredAtByInstrument(db: Db, patientId: number): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom("measures")
    .select(["instrument", (eb) => eb.fn.max("created_at").as("last")])
    .where("patient_id", "=", patientId)
    .groupBy("instrument")
    .execute();
  return new Map(rows.map((row) => [row.instrument, row.last]));
}

export interface MeasureAssignment {
  id: number;
  patientId: number;
  doctorId: number;
  instrument: string;
  cadence: MeasureCadence;
  createdAt: string;
}

/**
 * Asks the patient for `instrument` at `cadence`, in place of what this doctor asked of them for
 * that instrument before (one request per doctor and instrument).
 */
export async function assignMeasure(db: Db, assignment: Omit<MeasureAssignment, "id">): Promise<MeasureAssignment> {
  await db
    .updateTable("measure_assignments")
    .set({ ended_at: assignment.createdAt })
    .where("patient_id", "=", assignment.patientId)
    .where("doctor_id", "=", assignment.doctorId)
    .where("instrument", "=", assignment.instrument)
    .where("ended_at", "is", null)
    .execute();
  const row = await db
    .insertInto("measure_assignments")
    .values({
      patient_id: assignment.patientId,
      doctor_id: assignment.doctorId,
      instrument: assignment.instrument,
      cadence: assignment.cadence,
      created_at: assignment.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, ...assignment };
}

/** What is asked of the patient now. */
export async function openAssignments(db: Db, patientId: number): Promise<MeasureAssignment[]> {
  const rows = await db.selectFrom("measure_assignments").selectAll().where("patient_id", "=", patientId).where("ended_at", "is", null).orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id,
    patientId: row.patient_id,
    doctorId: row.doctor_id,
    instrument: row.instrument,
    cadence: row.cadence,
    createdAt: row.created_at,
  }));
}

/** A one-time request is done once the patient completes its instrument. */
export async function endOneTimeAssignments(db: Db, patientId: number, instrument: string, at: string): Promise<void> {
  await db
    .updateTable("measure_assignments")
    .set({ ended_at: at })
    .where("patient_id", "=", patientId)
    .where("instrument", "=", instrument)
    .where("cadence", "=", "once")
    .where("ended_at", "is", null)
    .execute();
}

/** The start of the patient's next scheduled session from `from` on, if any. */
export async function nextScheduledStart(db: Db, patientId: number, from: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("appointments")
    .select("start_time")
    .where("patient_id", "=", patientId)
    .where("status", "=", "scheduled")
    .where("start_time", ">=", from)
    .orderBy("start_time")
    .limit(1)
    .executeTakeFirst();
  return row?.start_time;
}

export async function insertMeasureAlert(db: Db, alert: { measureId: number; patientId: number; createdAt: string }): Promise<number> {
  const row = await db
    .insertInto("measure_alerts")
    .values({ measure_id: alert.measureId, patient_id: alert.patientId, created_at: alert.createdAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface OpenMeasureAlert {
  id: number;
  measureId: number;
  patientId: number;
  patientFirstName: string;
  patientLastName: string;
  score: number;
  band: string;
  createdAt: string;
}

/** Safety alerts not yet acknowledged, of the patients in this doctor's care (every patient's for `doctorId` null), oldest first. */
export async function openMeasureAlerts(db: Db, doctorId: number | null): Promise<OpenMeasureAlert[]> {
  let query = db
    .selectFrom("measure_alerts as a")
    .innerJoin("measures as m", "m.id", "a.measure_id")
    .innerJoin("users as p", "p.id", "a.patient_id")
    .select(["a.id", "a.measure_id", "a.patient_id", "p.first_name", "p.last_name", "m.score", "m.band", "a.created_at"])
    .where("a.acknowledged_at", "is", null);
  if (doctorId !== null) {
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom("care_relationships as c").select("c.patient_id").whereRef("c.patient_id", "=", "a.patient_id").where("c.doctor_id", "=", doctorId),
      ),
    );
  }
  const rows = await query.orderBy("a.created_at").orderBy("a.id").execute();
  return rows.map((row) => ({
    id: row.id,
    measureId: row.measure_id,
    patientId: row.patient_id,
    patientFirstName: row.first_name,
    patientLastName: row.last_name,
    score: row.score,
    band: row.band,
    createdAt: row.created_at,
  }));
}

export async function findMeasureAlert(db: Db, id: number): Promise<{ id: number; patientId: number; acknowledgedAt: string | null } | undefined> {
  const row = await db.selectFrom("measure_alerts").select(["id", "patient_id", "acknowledged_at"]).where("id", "=", id).executeTakeFirst();
  return row && { id: row.id, patientId: row.patient_id, acknowledgedAt: row.acknowledged_at };
}

/** Closes an open alert with the acknowledging doctor's note; false when it was already closed. */
export async function acknowledgeMeasureAlert(db: Db, ack: { id: number; by: number; at: string; note: string }): Promise<boolean> {
  const result = await db
    .updateTable("measure_alerts")
    .set({ acknowledged_by: ack.by, acknowledged_at: ack.at, note: ack.note })
    .where("id", "=", ack.id)
    .where("acknowledged_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
