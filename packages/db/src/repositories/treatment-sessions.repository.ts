// Session notes (treatment sessions): a doctor's record of one session, with its progress rating.
// Its own aggregate, not part of the appointment's: notes may stand without an appointment, carry
// their own id, and are read by who may see clinical records, not by who may see a calendar.
import type { Db } from "./db";

export interface TreatmentSessionView {
  id: number;
  appointmentId: number | null;
  patientId: number;
  doctorId: number;
  doctorName: string;
  progressRating: number;
  sessionNotes: string;
  createdAt: string;
  soap: SoapNote;
  signedAt: string | null;
  signerName: string | null;
  contentHash: string | null;
}

/** The structured part of a session note: the SOAP template's four sections. */
export interface SoapNote {
  subjective: string;
  objective: string;
  assessment: string;
  plan: string;
}

function viewQuery(db: Db) {
  return db
    .selectFrom("treatment_sessions as t")
    .innerJoin("users as d", "d.id", "t.doctor_id")
    .leftJoin("users as s", "s.id", "t.signed_by")
    .select([
      "t.id",
      "t.appointment_id",
      "t.patient_id",
      "t.doctor_id",
      "d.first_name",
      "d.last_name",
      "t.progress_rating",
      "t.session_notes",
      "t.created_at",
      "t.subjective",
      "t.objective",
      "t.assessment",
      "t.plan",
      "t.signed_at",
      "t.content_hash",
      "s.first_name as signer_first_name",
      "s.last_name as signer_last_name",
    ]);
}

function toView(row: Awaited<ReturnType<ReturnType<typeof viewQuery>["executeTakeFirstOrThrow"]>>): TreatmentSessionView {
  return {
    id: row.id,
    appointmentId: row.appointment_id,
    patientId: row.patient_id,
    doctorId: row.doctor_id,
    doctorName: `${row.first_name} ${row.last_name}`,
    progressRating: row.progress_rating,
    sessionNotes: row.session_notes,
    createdAt: row.created_at,
    soap: { subjective: row.subjective, objective: row.objective, assessment: row.assessment, plan: row.plan },
    signedAt: row.signed_at,
    signerName: row.signer_first_name === null ? null : `${row.signer_first_name} ${row.signer_last_name}`,
    contentHash: row.content_hash,
  };
}

/** A patient's sessions, newest first. */
export async function listTreatmentSessionsOfPatient(db: Db, patientId: number, limit: number): Promise<TreatmentSessionView[]> {
  const rows = await viewQuery(db).where("t.patient_id", "=", patientId).orderBy("t.created_at", "desc").orderBy("t.id", "desc").limit(limit).execute();
  return rows.map(toView);
}

/** The sessions with these ids, in no particular order. */
export async function findTreatmentSessions(db: Db, ids: readonly number[]): Promise<TreatmentSessionView[]> {
  if (ids.length === 0) return [];
  return (await viewQuery(db).where("t.id", "in", ids).execute()).map(toView);
}

export async function findTreatmentSession(db: Db, id: number): Promise<TreatmentSessionView | undefined> {
  const row = await viewQuery(db).where("t.id", "=", id).executeTakeFirst();
  return row && toView(row);
}

export interface NewTreatmentSession {
  appointmentId: number | null;
  patientId: number;
  doctorId: number;
  progressRating: number;
  sessionNotes: string;
  /** Unwritten sections are empty. */
  soap?: SoapNote;
  createdAt: string;
}

export async function insertTreatmentSession(db: Db, session: NewTreatmentSession): Promise<number> {
  const row = await db
    .insertInto("treatment_sessions")
    .values({
      appointment_id: session.appointmentId,
      patient_id: session.patientId,
      doctor_id: session.doctorId,
      progress_rating: session.progressRating,
      session_notes: session.sessionNotes,
      ...session.soap,
      created_at: session.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What a draft may change: any of the free text, the rating and the SOAP sections. */
export type NoteDraftChange = Partial<{ progressRating: number; sessionNotes: string } & SoapNote>;

/**
 * Changes a draft; false when the note is signed (or gone). The signature check is part of the
 * UPDATE itself, so a change racing a signature either lands before it or not at all.
 */
export async function updateNoteDraft(db: Db, id: number, change: NoteDraftChange): Promise<boolean> {
  const { progressRating, sessionNotes, ...soap } = change;
  const result = await db
    .updateTable("treatment_sessions")
    .set({
      ...soap,
      ...(progressRating === undefined ? {} : { progress_rating: progressRating }),
      ...(sessionNotes === undefined ? {} : { session_notes: sessionNotes }),
    })
    .where("id", "=", id)
    .where("signed_at", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Signs a draft, if it still holds exactly `content` (what the signature's hash covers): false when
 * it was signed meanwhile or changed since it was read, so a hash never covers other words.
 */
export async function signNote(
  db: Db,
  id: number,
  content: { progressRating: number; sessionNotes: string; soap: SoapNote },
  signature: { signedBy: number; signedAt: string; contentHash: string },
): Promise<boolean> {
  const result = await db
    .updateTable("treatment_sessions")
    .set({ signed_by: signature.signedBy, signed_at: signature.signedAt, content_hash: signature.contentHash })
    .where("id", "=", id)
    .where("signed_at", "is", null)
    .where("progress_rating", "=", content.progressRating)
    .where("session_notes", "=", content.sessionNotes)
    .where("subjective", "=", content.soap.subjective)
    .where("objective", "=", content.soap.objective)
    .where("assessment", "=", content.soap.assessment)
    .where("plan", "=", content.soap.plan)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface AddendumView {
  id: number;
  sessionId: number;
  authorId: number;
  authorName: string;
  body: string;
  createdAt: string;
}

export async function insertAddendum(db: Db, addendum: { sessionId: number; authorId: number; body: string; createdAt: string }): Promise<number> {
  const row = await db
    .insertInto("session_addenda")
    .values({ session_id: addendum.sessionId, author_id: addendum.authorId, body: addendum.body, created_at: addendum.createdAt })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The addenda of the given sessions, oldest first within each. */
export async function listAddenda(db: Db, sessionIds: readonly number[]): Promise<AddendumView[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .selectFrom("session_addenda as a")
    .innerJoin("users as u", "u.id", "a.author_id")
    .select(["a.id", "a.session_id", "a.author_id", "u.first_name", "u.last_name", "a.body", "a.created_at"])
    .where("a.session_id", "in", sessionIds)
    .orderBy("a.session_id")
    .orderBy("a.created_at")
    .orderBy("a.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    sessionId: row.session_id,
    authorId: row.author_id,
    authorName: `${row.first_name} ${row.last_name}`,
    body: row.body,
    createdAt: row.created_at,
  }));
}

export async function findPsychotherapyNote(db: Db, sessionId: number): Promise<{ body: string; updatedAt: string } | undefined> {
  const row = await db.selectFrom("psychotherapy_notes").select(["body", "updated_at"]).where("session_id", "=", sessionId).executeTakeFirst();
  return row && { body: row.body, updatedAt: row.updated_at };
}

/** Writes (or, with an empty body, removes) a session's private psychotherapy note. */
export async function savePsychotherapyNote(db: Db, note: { sessionId: number; authorId: number; body: string; updatedAt: string }): Promise<void> {
  if (note.body === "") {
    await db.deleteFrom("psychotherapy_notes").where("session_id", "=", note.sessionId).execute();
    return;
  }
  await db
    .insertInto("psychotherapy_notes")
    .values({ session_id: note.sessionId, author_id: note.authorId, body: note.body, updated_at: note.updatedAt })
    .onConflict((oc) => oc.column("session_id").doUpdateSet({ body: note.body, updated_at: note.updatedAt }))
    .execute();
}

/**
 * The doctor's sessions that ended before `endedBefore` and still have no signed note: written
 * but unsigned, or not written at all. Oldest first: the longest overdue leads.
 */
export async function listUnsignedPastSessions(
  db: Db,
  doctorId: number,
  endedBefore: string,
  limit: number,
): Promise<{ appointmentId: number; sessionId: number | null }[]> {
  const rows = await db
    .selectFrom("appointments as a")
    .leftJoin("treatment_sessions as t", "t.appointment_id", "a.id")
    .select(["a.id as appointment_id", "t.id as session_id"])
    .where("a.doctor_id", "=", doctorId)
    // Bounds the doctor's index range: a session that ended by then started before it.
    .where("a.start_time", "<", endedBefore)
    .where("a.end_time", "<=", endedBefore)
    .where("a.status", "in", ["scheduled", "completed"])
    // A place in a couple's or a group's session takes no note of its own (parties/party-rules.ts).
    .where("a.party_id", "is", null)
    .where("t.signed_at", "is", null)
    .orderBy("a.end_time")
    .orderBy("a.id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ appointmentId: row.appointment_id, sessionId: row.session_id }));
}
