// The waitlist's rows: who waits for which hours (waitlist_entries) and the freed hours offered to
// them (waitlist_offers). The rules that protect an offer live in the migration's unique indexes
// and in the conditional updates here (a status changes only from "open", once).
import type { Transaction } from "kysely";
import type { Database, WaitlistEndReason, WaitlistOfferStatus } from "../schema";
import { serialise, type Db } from "./db";

const WAITLIST_LOCK = 7_244_031;

/**
 * Makes the transactions that offer, answer or withdraw waitlist offers run one at a time (on
 * PostgreSQL; SQLite's write lock does it already): who is next is read and the offer written
 * without a second offerer slipping in between (the unique indexes would refuse it, failing the
 * cancellation that freed the hour).
 */
export async function holdWaitlist(trx: Transaction<Database>): Promise<void> {
  await serialise(trx, WAITLIST_LOCK);
}

/** Any number (in PostgreSQL's advisory-lock space) that names "one patient's waitlist entries". */
const WAITLIST_ENTRIES_LOCK = 7_244_034;

/** Makes one patient's joins run one after another, so that two at once cannot both find no entry like theirs. */
export async function holdWaitlistEntriesOf(trx: Transaction<Database>, patientId: number): Promise<void> {
  await serialise(trx, WAITLIST_ENTRIES_LOCK, patientId);
}

/** A span of clock time on a weekday, in the clinic's zone (0 = Sunday; minutes after midnight). */
export interface WaitlistTimes {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface NewWaitlistEntry {
  patientId: number;
  doctorId: number | null;
  serviceId: number | null;
  times: WaitlistTimes[];
  untilDate: string;
  joinedAt: string;
}

export interface WaitlistEntryView {
  id: number;
  patientId: number;
  patientName: string;
  doctorId: number | null;
  doctorName: string | null;
  serviceId: number | null;
  serviceName: string | null;
  times: WaitlistTimes[];
  untilDate: string;
  joinedAt: string;
  endedAt: string | null;
  endReason: WaitlistEndReason | null;
}

export interface WaitlistOfferRow {
  id: number;
  entryId: number;
  patientId: number;
  doctorId: number;
  serviceId: number | null;
  startTime: string;
  status: WaitlistOfferStatus;
  offeredAt: string;
  expiresAt: string;
  answeredAt: string | null;
  appointmentId: number | null;
}

export async function insertWaitlistEntry(db: Db, entry: NewWaitlistEntry): Promise<number> {
  const row = await db
    .insertInto("waitlist_entries")
    .values({
      patient_id: entry.patientId,
      doctor_id: entry.doctorId,
      service_id: entry.serviceId,
      times: JSON.stringify(entry.times),
      until_date: entry.untilDate,
      joined_at: entry.joinedAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ends a waiting entry; false if it had ended already. */
export async function endWaitlistEntry(db: Db, id: number, at: string, reason: WaitlistEndReason): Promise<boolean> {
  const result = await db
    .updateTable("waitlist_entries")
    .set({ ended_at: at, end_reason: reason })
    .where("id", "=", id)
    .where("ended_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function entryViewQuery(db: Db) {
  return db
    .selectFrom("waitlist_entries as e")
    .innerJoin("users as p", "p.id", "e.patient_id")
    .leftJoin("users as d", "d.id", "e.doctor_id")
    .leftJoin("clinic_services as s", "s.id", "e.service_id")
    .select([
      "e.id",
      "e.patient_id",
      "e.doctor_id",
      "e.service_id",
      "e.times",
      "e.until_date",
      "e.joined_at",
      "e.ended_at",
      "e.end_reason",
      "p.first_name as patient_first_name",
      "p.last_name as patient_last_name",
      "d.first_name as doctor_first_name",
      "d.last_name as doctor_last_name",
      "s.name as service_name",
    ]);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof entryViewQuery>["executeTakeFirstOrThrow"]>>;

function toEntryView(row: EntryRow): WaitlistEntryView {
  return {
    id: row.id,
    patientId: row.patient_id,
    patientName: `${row.patient_first_name} ${row.patient_last_name}`,
    doctorId: row.doctor_id,
    doctorName: row.doctor_first_name === null ? null : `${row.doctor_first_name} ${row.doctor_last_name}`,
    serviceId: row.service_id,
    serviceName: row.service_name,
    times: JSON.parse(row.times) as WaitlistTimes[],
    untilDate: row.until_date,
    joinedAt: row.joined_at,
    endedAt: row.ended_at,
    endReason: row.end_reason,
  };
}

export async function findWaitlistEntry(db: Db, id: number): Promise<WaitlistEntryView | undefined> {
  const row = await entryViewQuery(db).where("e.id", "=", id).executeTakeFirst();
  return row && toEntryView(row);
}

/**
 * Entries still waiting, longest waiting first: a patient's own, a doctor's (those naming them),
 * or every one (admins; `doctorId` narrows it).
 */
export async function listWaitingEntries(db: Db, filter: { patientId?: number; doctorId?: number }): Promise<WaitlistEntryView[]> {
  let query = entryViewQuery(db).where("e.ended_at", "is", null);
  if (filter.patientId !== undefined) query = query.where("e.patient_id", "=", filter.patientId);
  if (filter.doctorId !== undefined) query = query.where("e.doctor_id", "=", filter.doctorId);
  return (await query.orderBy("e.joined_at").orderBy("e.id").execute()).map(toEntryView);
}

/**
 * Who may be offered the doctor's hour at `start` (on clinic date `date`), in the order they
 * joined: still waiting, for this doctor or any doctor, wanting offers until `date` or later,
 * holding no other open offer, never offered this hour before (by any of their entries), free
 * themselves at that time, not the patient who cancelled it, and not deactivated.
 * Whether the hour suits their days and times is the caller's to decide (times are JSON).
 */
export async function waitlistCandidates(
  db: Db,
  { doctorId, start, date }: { doctorId: number; start: string; date: string },
): Promise<{ id: number; patientId: number; serviceId: number | null; times: WaitlistTimes[] }[]> {
  const rows = await db
    .selectFrom("waitlist_entries as e")
    // A deactivated patient is never offered an hour (their entries wait in case they come back).
    .innerJoin("users as u", "u.id", "e.patient_id")
    .select(["e.id", "e.patient_id", "e.service_id", "e.times"])
    .where("e.ended_at", "is", null)
    .where("u.deactivated_at", "is", null)
    .where((eb) => eb.or([eb("e.doctor_id", "=", doctorId), eb("e.doctor_id", "is", null)]))
    .where("e.until_date", ">=", date)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("waitlist_offers as o")
            .select("o.id")
            .where((eb) =>
              eb.or([
                eb.and([eb("o.patient_id", "=", eb.ref("e.patient_id")), eb("o.status", "=", "open")]),
                eb.and([eb("o.patient_id", "=", eb.ref("e.patient_id")), eb("o.doctor_id", "=", doctorId), eb("o.start_time", "=", start)]),
              ]),
            ),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("appointments as a")
            .select("a.id")
            .whereRef("a.patient_id", "=", "e.patient_id")
            .where("a.start_time", "=", start)
            // Free themselves then, and not the one who cancelled this hour of this doctor's (an
            // offer that moves on later must not bring it back to them either).
            .where((eb) => eb.or([eb("a.status", "=", "scheduled"), eb.and([eb("a.status", "=", "cancelled"), eb("a.doctor_id", "=", doctorId)])])),
        ),
      ),
    )
    .orderBy("e.joined_at")
    .orderBy("e.id")
    .execute();
  return rows.map((row) => ({ id: row.id, patientId: row.patient_id, serviceId: row.service_id, times: JSON.parse(row.times) as WaitlistTimes[] }));
}

export async function insertWaitlistOffer(
  db: Db,
  offer: { entryId: number; patientId: number; doctorId: number; startTime: string; offeredAt: string; expiresAt: string },
): Promise<number> {
  const row = await db
    .insertInto("waitlist_offers")
    .values({
      entry_id: offer.entryId,
      patient_id: offer.patientId,
      doctor_id: offer.doctorId,
      start_time: offer.startTime,
      status: "open",
      offered_at: offer.offeredAt,
      expires_at: offer.expiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

function offerQuery(db: Db) {
  return db
    .selectFrom("waitlist_offers as o")
    .innerJoin("waitlist_entries as e", "e.id", "o.entry_id")
    .select([
      "o.id",
      "o.entry_id",
      "o.patient_id",
      "o.doctor_id",
      "e.service_id",
      "o.start_time",
      "o.status",
      "o.offered_at",
      "o.expires_at",
      "o.answered_at",
      "o.appointment_id",
    ]);
}

function toOffer(row: Awaited<ReturnType<ReturnType<typeof offerQuery>["executeTakeFirstOrThrow"]>>): WaitlistOfferRow {
  return {
    id: row.id,
    entryId: row.entry_id,
    patientId: row.patient_id,
    doctorId: row.doctor_id,
    serviceId: row.service_id,
    startTime: row.start_time,
    status: row.status,
    offeredAt: row.offered_at,
    expiresAt: row.expires_at,
    answeredAt: row.answered_at,
    appointmentId: row.appointment_id,
  };
}

export async function findWaitlistOffer(db: Db, id: number): Promise<WaitlistOfferRow | undefined> {
  const row = await offerQuery(db).where("o.id", "=", id).executeTakeFirst();
  return row && toOffer(row);
}

/** The open offer holding a doctor's hour, if any (at most one: the unique index). */
/** The open offers of a doctor's hours among `starts` (at most one each). */
export async function openOffersAt(db: Db, doctorId: number, starts: readonly string[]): Promise<WaitlistOfferRow[]> {
  if (starts.length === 0) return [];
  const rows = await offerQuery(db).where("o.doctor_id", "=", doctorId).where("o.start_time", "in", starts).where("o.status", "=", "open").execute();
  return rows.map(toOffer);
}

/** A patient's offers still open and not run out at `now`. */
export async function openOffersOfPatient(db: Db, patientId: number, now: string): Promise<WaitlistOfferRow[]> {
  const rows = await offerQuery(db)
    .where("o.patient_id", "=", patientId)
    .where("o.status", "=", "open")
    .where("o.expires_at", ">", now)
    .orderBy("o.id")
    .execute();
  return rows.map(toOffer);
}

/** Open offers whose hold ran out by `now`, oldest first (the sweep's work). */
export async function expiredOpenOffers(db: Db, now: string, limit: number): Promise<WaitlistOfferRow[]> {
  const rows = await offerQuery(db).where("o.status", "=", "open").where("o.expires_at", "<=", now).orderBy("o.expires_at").limit(limit).execute();
  return rows.map(toOffer);
}

/**
 * Closes an open offer with `status`; false if it was no longer open (answered, withdrawn,
 * expired by the sweep) or, with `unexpiredAt`, its hold had run out by then.
 */
export async function closeWaitlistOffer(
  db: Db,
  id: number,
  { status, at, unexpiredAt, appointmentId }: { status: Exclude<WaitlistOfferStatus, "open">; at: string; unexpiredAt?: string; appointmentId?: number },
): Promise<boolean> {
  let query = db
    .updateTable("waitlist_offers")
    .set({ status, answered_at: at, ...(appointmentId !== undefined ? { appointment_id: appointmentId } : {}) })
    .where("id", "=", id)
    .where("status", "=", "open");
  if (unexpiredAt !== undefined) query = query.where("expires_at", ">", unexpiredAt);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The last date anyone still waiting for the doctor (or any doctor) wants an offer for, if anyone waits. */
export async function latestWaitlistDate(db: Db, doctorId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom("waitlist_entries")
    .select((eb) => eb.fn.max("until_date").as("until"))
    .where("ended_at", "is", null)
    .where((eb) => eb.or([eb("doctor_id", "=", doctorId), eb("doctor_id", "is", null)]))
    .executeTakeFirst();
  return row?.until ?? undefined;
}
