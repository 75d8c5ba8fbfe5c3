// The appointment aggregate: every read and write of the appointments table. A booking inserts
// here and answers from what it wrote; reschedules, cancellations and completions patch here; the
// unique partial indexes on (doctor, start) and (patient, start) are the only double-booking check.
import { sql } from "kysely";
import type { AppointmentStatus, PartyKind } from "../schema";
import { preparedQuery } from "../prepared-query";
import type { Db } from "./db";
import type { User } from "./users.repository";

export interface NewAppointment {
  patientId: number;
  doctorId: number;
  title: string;
  description: string | null;
  startTime: string;
  endTime: string;
  status: AppointmentStatus;
  createdAt: string;
  /** The service booked and its fee as agreed now (the patient's rate if set); none for a session booked without a priced service. */
  serviceId?: number | null;
  feeMinor?: number | null;
  /** A session of a weekly series: the series, and the occurrence of its rule the session stands for. */
  seriesId?: number | null;
  seriesOccurrence?: string | null;
  /** A patient's place in a couple's or a group's session. */
  partyId?: number | null;
}

/** A new appointment's columns as it is stored. */
function appointmentRow(appointment: NewAppointment) {
  return {
    patient_id: appointment.patientId,
    doctor_id: appointment.doctorId,
    title: appointment.title,
    description: appointment.description,
    start_time: appointment.startTime,
    end_time: appointment.endTime,
    status: appointment.status,
    notes: null,
    created_at: appointment.createdAt,
    updated_at: appointment.createdAt,
    // Written only when set, so an appointment without a priced service is the same row it always was.
    ...(appointment.serviceId != null ? { service_id: appointment.serviceId } : {}),
    ...(appointment.feeMinor != null ? { fee_minor: appointment.feeMinor } : {}),
    ...(appointment.seriesId != null ? { series_id: appointment.seriesId, occurrence_time: appointment.seriesOccurrence ?? null } : {}),
    ...(appointment.partyId != null ? { party_id: appointment.partyId } : {}),
  };
}

export async function insertAppointment(db: Db, appointment: NewAppointment): Promise<number> {
  const row = await db.insertInto("appointments").values(appointmentRow(appointment)).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** An appointment as screens show it: with both names and the session's notes, if written. */
export interface AppointmentView {
  id: number;
  patientId: number;
  doctorId: number;
  patientName: string;
  doctorName: string;
  title: string;
  description: string | null;
  startTime: string;
  endTime: string;
  status: AppointmentStatus;
  notes: string | null;
  lateCancellation: boolean;
  cancelledAt: string | null;
  cancelledBy: number | null;
  /** When the patient confirmed from a reminder's link (null once it is rescheduled). */
  confirmedAt: string | null;
  createdAt: string;
  updatedAt: string;
  progressRating: number | null;
  /** The service booked (null for sessions booked before services), its name, and its agreed fee in minor units. */
  serviceId: number | null;
  serviceName: string | null;
  feeMinor: number | null;
  /** Only on a session of a weekly series: the series, and the occurrence of its rule the session stands for. */
  seriesId?: number;
  seriesOccurrence?: string;
  /** Only on a patient's place in a session of several: the party (a couple or a group). */
  party?: { id: number; kind: PartyKind };
}

export interface AppointmentFilter {
  patientId?: number;
  doctorId?: number;
  /** Start time at or after. */
  from?: string;
  /** Start time before. */
  to?: string;
  statuses?: AppointmentStatus[];
  order?: "asc" | "desc";
  limit: number;
}

function viewQuery(db: Db) {
  return db
    .selectFrom("appointments as a")
    .innerJoin("users as p", "p.id", "a.patient_id")
    .innerJoin("users as d", "d.id", "a.doctor_id")
    .leftJoin("treatment_sessions as t", "t.appointment_id", "a.id")
    .leftJoin("clinic_services as s", "s.id", "a.service_id")
    .leftJoin("appointment_parties as g", "g.id", "a.party_id")
    .select([
      "a.id",
      "a.patient_id",
      "a.doctor_id",
      "p.first_name as patient_first_name",
      "p.last_name as patient_last_name",
      "d.first_name as doctor_first_name",
      "d.last_name as doctor_last_name",
      "a.title",
      "a.description",
      "a.start_time",
      "a.end_time",
      "a.status",
      "a.notes",
      "a.late_cancellation",
      "a.cancelled_at",
      "a.cancelled_by",
      "a.confirmed_at",
      "a.created_at",
      "a.updated_at",
      "a.service_id",
      "s.name as service_name",
      "a.fee_minor",
      "a.series_id",
      "a.occurrence_time",
      "a.party_id",
      "g.kind as party_kind",
      "t.session_notes",
      "t.progress_rating",
    ]);
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>["executeTakeFirstOrThrow"]>>;

function toView(row: ViewRow): AppointmentView {
  return {
    id: row.id,
    patientId: row.patient_id,
    doctorId: row.doctor_id,
    patientName: `${row.patient_first_name} ${row.patient_last_name}`,
    doctorName: `${row.doctor_first_name} ${row.doctor_last_name}`,
    title: row.title,
    description: row.description,
    startTime: row.start_time,
    endTime: row.end_time,
    status: row.status,
    notes: row.session_notes ?? row.notes,
    lateCancellation: Number(row.late_cancellation) === 1,
    cancelledAt: row.cancelled_at,
    cancelledBy: row.cancelled_by,
    confirmedAt: row.confirmed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    progressRating: row.progress_rating,
    serviceId: row.service_id,
    serviceName: row.service_name,
    feeMinor: row.fee_minor,
    // Only on a series' sessions: a single session reads exactly as it did before series existed.
    ...(row.series_id != null ? { seriesId: row.series_id, seriesOccurrence: row.occurrence_time ?? row.start_time } : {}),
    ...(row.party_id != null && row.party_kind != null ? { party: { id: row.party_id, kind: row.party_kind } } : {}),
  };
}

type Names = Pick<User, "firstName" | "lastName">;

/** An appointment just inserted, as screens show it, from what its writer knew (no read back). */
export function insertedAppointmentView(
  id: number,
  appointment: NewAppointment,
  { patient, doctor, serviceName = null, partyKind = null }: { patient: Names; doctor: Names; serviceName?: string | null; partyKind?: PartyKind | null },
): AppointmentView {
  return toView({
    id,
    ...appointmentRow(appointment),
    service_id: appointment.serviceId ?? null,
    service_name: serviceName,
    fee_minor: appointment.feeMinor ?? null,
    series_id: appointment.seriesId ?? null,
    occurrence_time: appointment.seriesOccurrence ?? null,
    party_id: appointment.partyId ?? null,
    party_kind: partyKind,
    patient_first_name: patient.firstName,
    patient_last_name: patient.lastName,
    doctor_first_name: doctor.firstName,
    doctor_last_name: doctor.lastName,
    late_cancellation: 0,
    cancelled_at: null,
    cancelled_by: null,
    confirmed_at: null,
    session_notes: null,
    progress_rating: null,
  });
}

/** The values of a list query, by name: `status0`, `status1`, … stand for `statuses`. */
type ListValues = Omit<AppointmentFilter, "statuses" | "order"> & Record<`status${number}`, AppointmentStatus>;

/** One prepared query per shape of filter (which filters are set, how many statuses, the order): lists are read on every page. */
const listQueries = new Map<string, ReturnType<typeof listQuery>>();

function listQuery({ patientId, doctorId, from, to, statuses = [], order = "asc" }: AppointmentFilter) {
  return preparedQuery((db, values: ListValues) => {
    let query = viewQuery(db);
    if (patientId !== undefined) query = query.where("a.patient_id", "=", values.patientId!);
    if (doctorId !== undefined) query = query.where("a.doctor_id", "=", values.doctorId!);
    if (from !== undefined) query = query.where("a.start_time", ">=", values.from!);
    if (to !== undefined) query = query.where("a.start_time", "<", values.to!);
    if (statuses.length > 0)
      query = query.where(
        "a.status",
        "in",
        statuses.map((_, index) => values[`status${index}`]!),
      );
    return query.orderBy("a.start_time", order).orderBy("a.id", order).limit(values.limit);
  });
}

export async function listAppointments(db: Db, filter: AppointmentFilter): Promise<AppointmentView[]> {
  const { patientId, doctorId, from, to, statuses = [], order = "asc", limit } = filter;
  const shape = [patientId, doctorId, from, to].map((value) => (value === undefined ? "-" : "+")).join("") + `${statuses.length}${order}`;
  let query = listQueries.get(shape);
  if (!query) listQueries.set(shape, (query = listQuery(filter)));
  const values: ListValues = { patientId, doctorId, from, to, limit };
  for (const [index, status] of statuses.entries()) values[`status${index}`] = status;
  return (await query(db, values)).map(toView);
}

/** The appointments with these ids, in no particular order. */
export async function findAppointments(db: Db, ids: readonly number[]): Promise<AppointmentView[]> {
  if (ids.length === 0) return [];
  return (await viewQuery(db).where("a.id", "in", ids).execute()).map(toView);
}

/** Every session of a weekly series, in the order of the occurrences they stand for. */
export async function appointmentsOfSeries(db: Db, seriesId: number): Promise<AppointmentView[]> {
  return (await viewQuery(db).where("a.series_id", "=", seriesId).orderBy("a.occurrence_time").orderBy("a.id").execute()).map(toView);
}

export async function findAppointment(db: Db, id: number): Promise<AppointmentView | undefined> {
  const row = await viewQuery(db).where("a.id", "=", id).executeTakeFirst();
  return row && toView(row);
}

/** Start times in [from, to) when the doctor (a session, or a couple's or group's hour), or the patient if one is named, has a scheduled session. */
export async function scheduledStartsBetween(db: Db, who: { doctorId: number; patientId?: number }, from: string, to: string): Promise<string[]> {
  const { doctorId, patientId } = who;
  const rows = await db
    .selectFrom("appointments")
    .select("start_time")
    .where("status", "=", "scheduled")
    .where("start_time", ">=", from)
    .where("start_time", "<", to)
    .where((eb) => (patientId === undefined ? eb("doctor_id", "=", doctorId) : eb.or([eb("doctor_id", "=", doctorId), eb("patient_id", "=", patientId)])))
    // A group the doctor holds the hour for, even before anyone has joined it.
    .unionAll(
      db
        .selectFrom("appointment_parties")
        .select("start_time")
        .where("doctor_id", "=", doctorId)
        .where("status", "=", "scheduled")
        .where("start_time", ">=", from)
        .where("start_time", "<", to),
    )
    .execute();
  return rows.map((row) => row.start_time);
}

/** Ids of scheduled sessions of a doctor or a patient starting exactly at `start`. */
export async function scheduledIdsAt(db: Db, who: { doctorId: number } | { patientId: number }, start: string): Promise<number[]> {
  let query = db.selectFrom("appointments").select("id").where("status", "=", "scheduled").where("start_time", "=", start);
  query = "doctorId" in who ? query.where("doctor_id", "=", who.doctorId) : query.where("patient_id", "=", who.patientId);
  return (await query.execute()).map((row) => row.id);
}

export interface AppointmentPatch {
  title?: string;
  description?: string | null;
  startTime?: string;
  endTime?: string;
  status?: AppointmentStatus;
  cancelledAt?: string | null;
  cancelledBy?: number | null;
  lateCancellation?: boolean;
  confirmedAt?: string | null;
  /** Moving a session into another series (a series split by a "this and following" change). */
  seriesId?: number;
  seriesOccurrence?: string;
  updatedAt: string;
}

export async function updateAppointment(db: Db, id: number, patch: AppointmentPatch): Promise<void> {
  await appointmentUpdate(db, id, patch).execute();
}

/**
 * Changes a session only while it is still scheduled; answers whether it did. A change decided on
 * what was read before its transaction (a series' sessions) finds out here that another change
 * came first: a concurrent cancellation, a move, a completion.
 */
export async function updateScheduledAppointment(db: Db, id: number, patch: AppointmentPatch): Promise<boolean> {
  const [result] = await appointmentUpdate(db, id, patch).where("status", "=", "scheduled").execute();
  return Number(result?.numUpdatedRows ?? 0) > 0;
}

function appointmentUpdate(db: Db, id: number, patch: AppointmentPatch) {
  return db
    .updateTable("appointments")
    .set({
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.startTime !== undefined ? { start_time: patch.startTime } : {}),
      ...(patch.endTime !== undefined ? { end_time: patch.endTime } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.cancelledAt !== undefined ? { cancelled_at: patch.cancelledAt } : {}),
      ...(patch.cancelledBy !== undefined ? { cancelled_by: patch.cancelledBy } : {}),
      ...(patch.lateCancellation !== undefined ? { late_cancellation: patch.lateCancellation ? 1 : 0 } : {}),
      ...(patch.confirmedAt !== undefined ? { confirmed_at: patch.confirmedAt } : {}),
      ...(patch.seriesId !== undefined ? { series_id: patch.seriesId } : {}),
      ...(patch.seriesOccurrence !== undefined ? { occurrence_time: patch.seriesOccurrence } : {}),
      updated_at: patch.updatedAt,
    })
    .where("id", "=", id);
}

export interface AppointmentCounts {
  scheduledUpcoming: number;
  completed: number;
  scheduledInRange: number;
  patients: number;
}

/**
 * The dashboard figures of one participant in one query: upcoming scheduled sessions,
 * completed sessions, scheduled sessions in [rangeFrom, rangeTo), and distinct counterparts.
 */
export async function countAppointments(
  db: Db,
  who: { doctorId: number } | { patientId: number },
  now: string,
  rangeFrom: string,
  rangeTo: string,
): Promise<AppointmentCounts> {
  const column = "doctorId" in who ? "doctor_id" : "patient_id";
  const id = "doctorId" in who ? who.doctorId : who.patientId;
  const row = await db
    .selectFrom("appointments")
    .select([
      sql<number>`count(case when status = 'scheduled' and start_time >= ${now} then 1 end)`.as("scheduled_upcoming"),
      sql<number>`count(case when status = 'completed' then 1 end)`.as("completed"),
      sql<number>`count(case when status = 'scheduled' and start_time >= ${rangeFrom} and start_time < ${rangeTo} then 1 end)`.as("scheduled_in_range"),
      sql<number>`count(distinct ${sql.ref(column === "doctor_id" ? "patient_id" : "doctor_id")})`.as("patients"),
    ])
    .where(column, "=", id)
    .executeTakeFirstOrThrow();
  return {
    scheduledUpcoming: Number(row.scheduled_upcoming),
    completed: Number(row.completed),
    scheduledInRange: Number(row.scheduled_in_range),
    patients: Number(row.patients),
  };
}

/** The ids of the pair's sessions still scheduled to begin after `after` (a doctor whose care ends no longer holds them). */
export async function upcomingSessionIdsOfPair(db: Db, pair: { doctorId: number; patientId: number }, after: string): Promise<number[]> {
  const rows = await db
    .selectFrom("appointments")
    .select("id")
    .where("doctor_id", "=", pair.doctorId)
    .where("patient_id", "=", pair.patientId)
    .where("status", "=", "scheduled")
    .where("start_time", ">", after)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** A scheduled session a reminder may be due for, with what the patient's reminder needs. */
export interface ReminderCandidate {
  id: number;
  patientId: number;
  doctorId: number;
  startTime: string;
  endTime: string;
  createdAt: string;
  updatedAt: string;
  doctorFirstName: string;
  doctorLastName: string;
  /** The patient's own zone, or null for the clinic's. */
  patientTimeZone: string | null;
}

/**
 * Scheduled sessions starting in (from, to] whose patient a reminder can reach (an active member
 * with a verified address, as the outbox requires): the reminder scheduler's window, a page of
 * `limit` at a time in start order, after the page ending with `after`. A range of the start-time
 * index, whatever the size of the clinic.
 */
export async function scheduledSessionsStartingBetween(
  db: Db,
  from: string,
  to: string,
  page: { after?: Pick<ReminderCandidate, "id" | "startTime">; limit: number },
): Promise<ReminderCandidate[]> {
  const { after } = page;
  const rows = await db
    .selectFrom("appointments as a")
    .innerJoin("users as p", "p.id", "a.patient_id")
    .innerJoin("users as d", "d.id", "a.doctor_id")
    .select(["a.id", "a.patient_id", "a.doctor_id", "a.start_time", "a.end_time", "a.created_at", "a.updated_at", "d.first_name", "d.last_name", "p.time_zone"])
    .where("a.start_time", ">", from)
    .where("a.start_time", "<=", to)
    .where("a.status", "=", "scheduled")
    .where("p.email_verified_at", "is not", null)
    .where("p.deactivated_at", "is", null)
    // After the page before: its last start bounds the index range, its id breaks the tie.
    .$if(after !== undefined, (query) =>
      query.where("a.start_time", ">=", after!.startTime).where((eb) => eb.or([eb("a.start_time", ">", after!.startTime), eb("a.id", ">", after!.id)])),
    )
    .orderBy("a.start_time")
    .orderBy("a.id")
    .limit(page.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    patientId: row.patient_id,
    doctorId: row.doctor_id,
    startTime: row.start_time,
    endTime: row.end_time,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    doctorFirstName: row.first_name,
    doctorLastName: row.last_name,
    patientTimeZone: row.time_zone,
  }));
}

/** Records the patient's confirmation of a scheduled session; false when it is no longer scheduled at `startTime`. */
export async function confirmAppointment(db: Db, id: number, startTime: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("appointments")
    .set({ confirmed_at: at, updated_at: at })
    .where("id", "=", id)
    .where("status", "=", "scheduled")
    .where("start_time", "=", startTime)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
