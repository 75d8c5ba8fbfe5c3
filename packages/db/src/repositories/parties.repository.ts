// Sessions of several patients (a couple, a doctor's group): the party that holds the doctor's
// hour, the appointment rows of its patients (each an ordinary appointment naming the party), and
// a couple's invitation of the partner. See the migration 2026-12-04T1000-parties.
import type { Database, PartyInvitationStatus, PartyKind, PartyStatus } from "../schema";
import { serialise, type Db } from "./db";
import type { Transaction } from "kysely";

/** Any number (in PostgreSQL's advisory-lock space) that names "one doctor's hours". */
const DOCTOR_HOURS_LOCK = 7_244_032;

/**
 * Makes the bookings of one doctor's hours run one after another to their commit, so that what a
 * booking of a single session reads of the doctor's parties, or a party's of the doctor's single
 * sessions, still holds when it writes (each kind's own index keeps two of that kind apart).
 */
export async function holdDoctorHours(trx: Transaction<Database>, doctorId: number): Promise<void> {
  await serialise(trx, DOCTOR_HOURS_LOCK, doctorId);
}

/** Which of `starts` a scheduled party of the doctor holds. */
export async function partyHoursAmong(db: Db, doctorId: number, starts: readonly string[]): Promise<string[]> {
  if (starts.length === 0) return [];
  const rows = await db
    .selectFrom("appointment_parties")
    .select("start_time")
    .where("doctor_id", "=", doctorId)
    .where("start_time", "in", starts)
    .where("status", "=", "scheduled")
    .execute();
  return rows.map((row) => row.start_time);
}

/** Whether the doctor has a scheduled session of one patient at `start`. */
export async function singleSessionAt(db: Db, doctorId: number, start: string): Promise<boolean> {
  const row = await db
    .selectFrom("appointments")
    .select("id")
    .where("doctor_id", "=", doctorId)
    .where("start_time", "=", start)
    .where("status", "=", "scheduled")
    .where("party_id", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

export interface PartyRecord {
  id: number;
  kind: PartyKind;
  doctorId: number;
  title: string;
  startTime: string;
  endTime: string;
  capacity: number;
  serviceId: number | null;
  status: PartyStatus;
  createdBy: number | null;
  createdAt: string;
}

export async function insertParty(db: Db, party: Omit<PartyRecord, "id" | "status">): Promise<number> {
  const row = await db
    .insertInto("appointment_parties")
    .values({
      kind: party.kind,
      doctor_id: party.doctorId,
      title: party.title,
      start_time: party.startTime,
      end_time: party.endTime,
      capacity: party.capacity,
      service_id: party.serviceId,
      status: "scheduled",
      created_by: party.createdBy,
      created_at: party.createdAt,
      updated_at: party.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

interface PartyRow {
  id: number;
  kind: PartyKind;
  doctor_id: number;
  title: string;
  start_time: string;
  end_time: string;
  capacity: number;
  service_id: number | null;
  status: PartyStatus;
  created_by: number | null;
  created_at: string;
}

function toParty(row: PartyRow): PartyRecord {
  return {
    id: row.id,
    kind: row.kind,
    doctorId: row.doctor_id,
    title: row.title,
    startTime: row.start_time,
    endTime: row.end_time,
    capacity: row.capacity,
    serviceId: row.service_id,
    status: row.status,
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

export async function findParty(db: Db, id: number): Promise<PartyRecord | undefined> {
  const row = await db.selectFrom("appointment_parties").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toParty(row);
}

export async function updateParty(
  db: Db,
  id: number,
  patch: { status?: PartyStatus; startTime?: string; endTime?: string; title?: string; updatedAt: string },
): Promise<void> {
  await db
    .updateTable("appointment_parties")
    .set({
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.startTime !== undefined ? { start_time: patch.startTime } : {}),
      ...(patch.endTime !== undefined ? { end_time: patch.endTime } : {}),
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      updated_at: patch.updatedAt,
    })
    .where("id", "=", id)
    .execute();
}

/** A patient's place in a party, as its doctor (and, for a couple, the partner) sees it. */
export interface PartyPlace {
  partyId: number;
  appointmentId: number;
  patientId: number;
  patientName: string;
  status: string;
}

/** The places of these parties, every status, in the order they were taken. */
export async function placesInParties(db: Db, partyIds: readonly number[]): Promise<PartyPlace[]> {
  if (partyIds.length === 0) return [];
  const rows = await db
    .selectFrom("appointments as a")
    .innerJoin("users as p", "p.id", "a.patient_id")
    .select(["a.party_id", "a.id", "a.patient_id", "p.first_name", "p.last_name", "a.status"])
    .where("a.party_id", "in", partyIds)
    .orderBy("a.id")
    .execute();
  return rows.map((row) => ({
    partyId: row.party_id!,
    appointmentId: row.id,
    patientId: row.patient_id,
    patientName: `${row.first_name} ${row.last_name}`,
    status: row.status,
  }));
}

export interface PartyInvitation {
  id: number;
  partyId: number;
  invitedBy: number;
  email: string;
  status: PartyInvitationStatus;
  patientId: number | null;
  createdAt: string;
  answeredAt: string | null;
}

function toInvitation(row: {
  id: number;
  party_id: number;
  invited_by: number;
  email: string;
  status: PartyInvitationStatus;
  patient_id: number | null;
  created_at: string;
  answered_at: string | null;
}): PartyInvitation {
  return {
    id: row.id,
    partyId: row.party_id,
    invitedBy: row.invited_by,
    email: row.email,
    status: row.status,
    patientId: row.patient_id,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
  };
}

export async function insertPartyInvitation(db: Db, invitation: { partyId: number; invitedBy: number; email: string; createdAt: string }): Promise<number> {
  const row = await db
    .insertInto("party_invitations")
    .values({ party_id: invitation.partyId, invited_by: invitation.invitedBy, email: invitation.email, status: "pending", created_at: invitation.createdAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findPartyInvitation(db: Db, id: number): Promise<PartyInvitation | undefined> {
  const row = await db.selectFrom("party_invitations").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toInvitation(row);
}

/** The invitations of these parties, newest first. */
export async function invitationsOfParties(db: Db, partyIds: readonly number[]): Promise<PartyInvitation[]> {
  if (partyIds.length === 0) return [];
  return (await db.selectFrom("party_invitations").selectAll().where("party_id", "in", partyIds).orderBy("id", "desc").execute()).map(toInvitation);
}

/** An invitation waiting for its answer, with the session it is to and who sent it. */
export interface PendingInvitation {
  id: number;
  startTime: string;
  endTime: string;
  inviterFirstName: string;
  doctorName: string;
}

/**
 * The invitations waiting for an answer from whoever's verified address is `email` (lower-cased),
 * `patientId`: those to a session still scheduled to begin after `after`, sent by someone else, to
 * a session the patient holds no place in. One read, however many there are.
 */
export async function pendingInvitationsTo(db: Db, email: string, patientId: number, after: string): Promise<PendingInvitation[]> {
  const rows = await db
    .selectFrom("party_invitations as i")
    .innerJoin("appointment_parties as g", "g.id", "i.party_id")
    .innerJoin("users as u", "u.id", "i.invited_by")
    .innerJoin("users as d", "d.id", "g.doctor_id")
    .select(["i.id", "g.start_time", "g.end_time", "u.first_name as inviter_first_name", "d.first_name", "d.last_name"])
    .where("i.email", "=", email)
    .where("i.status", "=", "pending")
    .where("i.invited_by", "!=", patientId)
    .where("g.status", "=", "scheduled")
    .where("g.start_time", ">", after)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("appointments as a")
            .select("a.id")
            .whereRef("a.party_id", "=", "g.id")
            .where("a.patient_id", "=", patientId)
            .where("a.status", "=", "scheduled"),
        ),
      ),
    )
    .orderBy("i.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    startTime: row.start_time,
    endTime: row.end_time,
    inviterFirstName: row.inviter_first_name,
    doctorName: `${row.first_name} ${row.last_name}`,
  }));
}

/** Answers an invitation still pending; false if it no longer was. */
export async function answerPartyInvitation(
  db: Db,
  id: number,
  answer: { status: Exclude<PartyInvitationStatus, "pending">; patientId: number | null; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable("party_invitations")
    .set({ status: answer.status, patient_id: answer.patientId, answered_at: answer.at })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Withdraws a party's invitation still pending (its session was cancelled). */
export async function withdrawPartyInvitations(db: Db, partyId: number, at: string): Promise<void> {
  await db
    .updateTable("party_invitations")
    .set({ status: "withdrawn", answered_at: at })
    .where("party_id", "=", partyId)
    .where("status", "=", "pending")
    .execute();
}

/** Any number (in PostgreSQL's advisory-lock space) that names "one party's places". */
const PARTY_PLACES_LOCK = 7_244_033;

/** Makes the joins of one party run one after another, so that its capacity holds. */
export async function holdPartyPlaces(trx: Transaction<Database>, partyId: number): Promise<void> {
  await serialise(trx, PARTY_PLACES_LOCK, partyId);
}

export interface GroupSummary extends PartyRecord {
  doctorName: string;
  taken: number;
}

/** Groups still to come: one doctor's, the doctors' of a patient's care, or all; each with its places taken. */
export async function upcomingGroups(db: Db, filter: { doctorId?: number; caredForPatientId?: number; from: string }): Promise<GroupSummary[]> {
  let query = db
    .selectFrom("appointment_parties as g")
    .innerJoin("users as d", "d.id", "g.doctor_id")
    .select((eb) => [
      "g.id",
      "g.kind",
      "g.doctor_id",
      "g.title",
      "g.start_time",
      "g.end_time",
      "g.capacity",
      "g.service_id",
      "g.status",
      "g.created_by",
      "g.created_at",
      "d.first_name",
      "d.last_name",
      eb
        .selectFrom("appointments as a")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("a.party_id", "=", "g.id")
        .where("a.status", "=", "scheduled")
        .as("taken"),
    ])
    .where("g.kind", "=", "group")
    .where("g.status", "=", "scheduled")
    .where("g.start_time", ">", filter.from);
  if (filter.doctorId !== undefined) query = query.where("g.doctor_id", "=", filter.doctorId);
  if (filter.caredForPatientId !== undefined) {
    const patientId = filter.caredForPatientId;
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom("care_relationships as c").select("c.doctor_id").whereRef("c.doctor_id", "=", "g.doctor_id").where("c.patient_id", "=", patientId)),
    );
  }
  const rows = await query.orderBy("g.start_time").orderBy("g.id").limit(200).execute();
  return rows.map((row) => ({
    ...toParty(row),
    doctorName: `${row.first_name} ${row.last_name}`,
    taken: Number(row.taken ?? 0),
  }));
}

/** The ids of a party's places still scheduled, in the order they were taken. */
export async function scheduledPlaceIds(db: Db, partyId: number): Promise<number[]> {
  const rows = await db.selectFrom("appointments").select("id").where("party_id", "=", partyId).where("status", "=", "scheduled").orderBy("id").execute();
  return rows.map((row) => row.id);
}

/** How many partners `inviterId` has invited since `since`. */
export async function invitationsSentSince(db: Db, inviterId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom("party_invitations")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("invited_by", "=", inviterId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The note of a couple's or a group's session, with the participants its doctor shared it with. */
export interface PartyNote {
  partyId: number;
  doctorId: number;
  body: string;
  createdAt: string;
  updatedAt: string;
  signedAt: string | null;
  signedBy: number | null;
  contentHash: string | null;
  sharedWith: number[];
}

export async function findPartyNote(db: Db, partyId: number): Promise<PartyNote | undefined> {
  const [note, shares] = await Promise.all([
    db.selectFrom("party_notes").selectAll().where("party_id", "=", partyId).executeTakeFirst(),
    db.selectFrom("party_note_shares").select("patient_id").where("party_id", "=", partyId).orderBy("patient_id").execute(),
  ]);
  return (
    note && {
      partyId: note.party_id,
      doctorId: note.doctor_id,
      body: note.body,
      createdAt: note.created_at,
      updatedAt: note.updated_at,
      signedAt: note.signed_at,
      signedBy: note.signed_by,
      contentHash: note.content_hash,
      sharedWith: shares.map((share) => share.patient_id),
    }
  );
}

/** Writes the draft (a new one, or over the draft there is); false if the note is signed already. */
export async function writePartyNoteDraft(db: Db, note: { partyId: number; doctorId: number; body: string; at: string }): Promise<boolean> {
  const result = await db
    .insertInto("party_notes")
    .values({ party_id: note.partyId, doctor_id: note.doctorId, body: note.body, created_at: note.at, updated_at: note.at })
    .onConflict((oc) => oc.column("party_id").doUpdateSet({ body: note.body, updated_at: note.at }).where("party_notes.signed_at", "is", null))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Signs the draft as its doctor read it: only while it is still unsigned and still the draft saved
 * at `readAt` with `body` (a save or a signature that came meanwhile: false, nothing written).
 */
export async function signPartyNote(
  db: Db,
  partyId: number,
  signature: { body: string; readAt: string; signedBy: number; signedAt: string; contentHash: string },
): Promise<boolean> {
  const result = await db
    .updateTable("party_notes")
    .set({ signed_at: signature.signedAt, signed_by: signature.signedBy, content_hash: signature.contentHash })
    .where("party_id", "=", partyId)
    .where("signed_at", "is", null)
    .where("updated_at", "=", signature.readAt)
    .where("body", "=", signature.body)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stops sharing these parties' notes with the patients whose places in them were cancelled (a place taken again is not shared again unasked). */
export async function unsharePartyNotes(db: Db, places: readonly { partyId: number; patientId: number }[]): Promise<void> {
  for (const { partyId, patientId } of places) {
    await db.deleteFrom("party_note_shares").where("party_id", "=", partyId).where("patient_id", "=", patientId).execute();
  }
}

/** Shares the note with a participant, or stops sharing it (either, once: answering again changes nothing). */
export async function setPartyNoteShared(db: Db, share: { partyId: number; patientId: number; shared: boolean; by: number; at: string }): Promise<void> {
  if (share.shared) {
    await db
      .insertInto("party_note_shares")
      .values({ party_id: share.partyId, patient_id: share.patientId, shared_by: share.by, shared_at: share.at })
      .onConflict((oc) => oc.columns(["party_id", "patient_id"]).doNothing())
      .execute();
  } else {
    await db.deleteFrom("party_note_shares").where("party_id", "=", share.partyId).where("patient_id", "=", share.patientId).execute();
  }
}
