// The clinic's services (what it sells, at what fee) and patients' own rates (sliding scale).
// Fees are integer minor units of the clinic's one currency.
import { sql } from "kysely";

import type { ServiceKind } from "../schema";
import type { Db } from "./db";

export interface ClinicService {
  id: number;
  name: string;
  minutes: number;
  feeMinor: number;
  cptCode: string;
  kind: ServiceKind;
  videoAllowed: boolean;
  usualSessionsPerYear: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export type ServiceFields = Omit<ClinicService, "id" | "createdAt" | "updatedAt">;

function serviceQuery(db: Db) {
  return db.selectFrom("clinic_services").selectAll();
}

function toService(row: Awaited<ReturnType<ReturnType<typeof serviceQuery>["executeTakeFirstOrThrow"]>>): ClinicService {
  return {
    id: row.id,
    name: row.name,
    minutes: row.minutes,
    feeMinor: row.fee_minor,
    cptCode: row.cpt_code,
    kind: row.kind,
    videoAllowed: Number(row.video_allowed) === 1,
    usualSessionsPerYear: row.usual_sessions_per_year,
    active: Number(row.active) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function serviceRow(fields: ServiceFields) {
  return {
    name: fields.name,
    minutes: fields.minutes,
    fee_minor: fields.feeMinor,
    cpt_code: fields.cptCode,
    kind: fields.kind,
    video_allowed: fields.videoAllowed ? 1 : 0,
    usual_sessions_per_year: fields.usualSessionsPerYear,
    active: fields.active ? 1 : 0,
  };
}

/** The services, active first, then by name; `activeOnly` for what patients may book. */
export async function listClinicServices(db: Db, { activeOnly = false }: { activeOnly?: boolean } = {}): Promise<ClinicService[]> {
  let query = serviceQuery(db);
  if (activeOnly) query = query.where("active", "=", 1);
  return (await query.orderBy("active", "desc").orderBy("name").orderBy("id").execute()).map(toService);
}

export async function findClinicService(db: Db, id: number): Promise<ClinicService | undefined> {
  const row = await serviceQuery(db).where("id", "=", id).executeTakeFirst();
  return row && toService(row);
}

/** The service a booking that names none is for: the active individual service of the clinic's usual length (the lowest id among equals). */
export async function defaultIndividualService(db: Db): Promise<ClinicService | undefined> {
  const row = await serviceQuery(db)
    .where("active", "=", 1)
    .where("kind", "=", "individual")
    // The distance from an hour either way: a 53-minute session before a 45-minute one.
    .orderBy(sql`abs(minutes - 60)`, "asc")
    .orderBy("id")
    .executeTakeFirst();
  return row && toService(row);
}

export async function insertClinicService(db: Db, fields: ServiceFields, at: string): Promise<number> {
  const row = await db
    .insertInto("clinic_services")
    .values({ ...serviceRow(fields), created_at: at, updated_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes a service; sessions already booked keep the fee they were agreed at (appointments.fee_minor). */
export async function updateClinicService(db: Db, id: number, fields: ServiceFields, at: string): Promise<boolean> {
  const result = await db
    .updateTable("clinic_services")
    .set({ ...serviceRow(fields), updated_at: at })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface PatientRate {
  patientId: number;
  serviceId: number;
  feeMinor: number;
  setBy: number | null;
  setAt: string;
}

export async function patientRatesOf(db: Db, patientId: number): Promise<PatientRate[]> {
  const rows = await db.selectFrom("patient_rates").selectAll().where("patient_id", "=", patientId).orderBy("service_id").execute();
  return rows.map((row) => ({ patientId: row.patient_id, serviceId: row.service_id, feeMinor: row.fee_minor, setBy: row.set_by, setAt: row.set_at }));
}

export async function patientRateFor(db: Db, patientId: number, serviceId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom("patient_rates")
    .select("fee_minor")
    .where("patient_id", "=", patientId)
    .where("service_id", "=", serviceId)
    .executeTakeFirst();
  return row?.fee_minor;
}

/** Sets (or with `feeMinor` null, removes) a patient's own rate for a service. */
export async function setPatientRate(
  db: Db,
  rate: { patientId: number; serviceId: number; feeMinor: number | null; setBy: number | null; setAt: string },
): Promise<void> {
  if (rate.feeMinor === null) {
    await db.deleteFrom("patient_rates").where("patient_id", "=", rate.patientId).where("service_id", "=", rate.serviceId).execute();
    return;
  }
  const values = { patient_id: rate.patientId, service_id: rate.serviceId, fee_minor: rate.feeMinor, set_by: rate.setBy, set_at: rate.setAt };
  await db
    .insertInto("patient_rates")
    .values(values)
    .onConflict((oc) => oc.columns(["patient_id", "service_id"]).doUpdateSet({ fee_minor: values.fee_minor, set_by: values.set_by, set_at: values.set_at }))
    .execute();
}
