// A session note's life after it is first written: its author changes it while it is a draft,
// then signs it, after which it is locked (409 on any change) and grows only by dated addenda
// from the patient's doctors. The private psychotherapy note is its author's alone.
import {
  findAppointments,
  findPsychotherapyNote,
  findTreatmentSession,
  findTreatmentSessions,
  insertAddendum,
  isInCareOf,
  listUnsignedPastSessions,
  savePsychotherapyNote,
  signNote,
  updateNoteDraft,
  type NoteDraftChange,
  type TreatmentSessionView,
  type User,
} from "@halcyon/db";

import { recordAudit, type AuditAction } from "../audit/audit";
import { auditRead } from "../audit/read-audit";
import { assertStillCaring, recordAccessTo } from "../care/record-access";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { noteContentHash } from "./note-content-hash";
import { withPartyDetails } from "../parties/party-details";
import { SOAP_SECTION_LABELS, SOAP_SECTIONS, type PrivateNote, type TreatmentSession, type UnsignedNote } from "./treatment-session.schema";
import { withAddenda } from "./treatment-sessions";

type Caller = RequestContext & { user: User };

export const NOTE_NOT_FOUND = "No such session note.";
const SIGNED_NOTE_LOCKED = "This note is signed, so it can no longer change. Add an addendum instead.";

/** Notes still unsigned this long after their session ended are listed on the doctor's dashboard. */
export const UNSIGNED_AFTER_MS = 72 * 60 * 60_000;
const UNSIGNED_LISTED = 50;

/**
 * The note, if the caller wrote it: only a note's author drafts, signs it and keeps its private
 * note, and only while the patient is in their care; signing their own draft is the one thing
 * that outlives the care (`evenAfterCare`).
 */
async function ownNote(ctx: Caller, id: number, { evenAfterCare = false } = {}): Promise<TreatmentSessionView> {
  const note = await findTreatmentSession(ctx.db, id);
  if (!note || note.doctorId !== ctx.user.id) throw new AppError("NOT_FOUND", NOTE_NOT_FOUND);
  if (!evenAfterCare) await assertStillCaring(ctx, note.patientId);
  return note;
}

async function audited(ctx: Caller, action: AuditAction, sessionId: number, within?: Parameters<typeof recordAudit>[2]): Promise<void> {
  await recordAudit(
    ctx,
    { actorId: ctx.user.id, action, outcome: "success", targetType: "treatment_session", targetId: sessionId, request: ctx.request },
    within,
  );
}

/** Tells the patient's and the doctor's open pages that the session's notes changed. */
function announce(ctx: Caller, note: TreatmentSessionView): void {
  if (note.appointmentId === null) return;
  ctx.events.publish({ type: "appointment_changed", data: { id: note.appointmentId }, recipients: [note.patientId, note.doctorId] });
}

/**
 * The note after the caller's change, as far as they may read it: in full to whoever may read the
 * patient's record; to its author signing after the care ended, with their own addenda only.
 */
async function answer(ctx: Caller, id: number): Promise<TreatmentSession> {
  const note = await findTreatmentSession(ctx.db, id);
  if (!note) throw new AppError("NOT_FOUND", NOTE_NOT_FOUND);
  const [[withItsAddenda], access] = await Promise.all([withAddenda(ctx.db, [note]), recordAccessTo(ctx, note.patientId)]);
  if (access) return withItsAddenda!;
  return { ...withItsAddenda!, addenda: withItsAddenda!.addenda.filter((addendum) => addendum.authorId === ctx.user.id) };
}

export async function updateDraft(ctx: Caller, id: number, change: NoteDraftChange): Promise<TreatmentSession> {
  const note = await ownNote(ctx, id);
  if (note.signedAt) throw new AppError("CONFLICT", SIGNED_NOTE_LOCKED);
  const changed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await updateNoteDraft(trx, id, change))) return false;
    await audited(ctx, "treatment_session.update", id, trx);
    return true;
  });
  // Signed between our read and the update: the UPDATE's own check refused it.
  if (!changed) throw new AppError("CONFLICT", SIGNED_NOTE_LOCKED);
  announce(ctx, note);
  return answer(ctx, id);
}

export async function signDraft(ctx: Caller, id: number): Promise<TreatmentSession> {
  const note = await ownNote(ctx, id, { evenAfterCare: true });
  if (note.signedAt) throw new AppError("CONFLICT", "This note is already signed.");
  const missing = SOAP_SECTIONS.find((section) => note.soap[section].trim() === "");
  if (missing) throw new AppError("INVALID_INPUT", `Write the ${SOAP_SECTION_LABELS[missing]} section before signing.`);
  const signature = { signedBy: ctx.user.id, signedAt: ctx.now().toISOString() };
  const contentHash = noteContentHash(note, signature);
  const signed = await ctx.db.transaction().execute(async (trx) => {
    // Only if the note still holds what was hashed: a change from another tab between the read
    // above and this write makes it refuse, rather than lock words the hash does not cover.
    if (!(await signNote(trx, id, note, { ...signature, contentHash }))) return false;
    await audited(ctx, "treatment_session.sign", id, trx);
    return true;
  });
  if (!signed) {
    const now = await findTreatmentSession(ctx.db, id);
    throw new AppError("CONFLICT", now?.signedAt ? "This note is already signed." : "The note changed while you were signing it. Review it, then sign again.");
  }
  announce(ctx, note);
  return answer(ctx, id);
}

/** An addendum to a signed note, by one of the patient's doctors (its author among them while the care stands). */
export async function addAddendum(ctx: Caller, id: number, body: string): Promise<TreatmentSession> {
  const note = await findTreatmentSession(ctx.db, id);
  if (!note) throw new AppError("NOT_FOUND", NOTE_NOT_FOUND);
  // Its author is told why; any other doctor not caring for the patient is told it does not exist.
  if (note.doctorId === ctx.user.id) await assertStillCaring(ctx, note.patientId);
  else if (!(await isInCareOf(ctx.db, ctx.user.id, note.patientId))) throw new AppError("NOT_FOUND", NOTE_NOT_FOUND);
  if (!note.signedAt) {
    throw new AppError(
      "CONFLICT",
      note.doctorId === ctx.user.id
        ? "This note is still a draft: change it directly, then sign it."
        : "This note is still a draft: an addendum can follow once its author has signed it.",
    );
  }
  await ctx.db.transaction().execute(async (trx) => {
    await insertAddendum(trx, { sessionId: id, authorId: ctx.user.id, body, createdAt: ctx.now().toISOString() });
    await audited(ctx, "treatment_session.addendum", id, trx);
  });
  announce(ctx, note);
  return answer(ctx, id);
}

export async function readPrivateNote(ctx: Caller, id: number): Promise<PrivateNote> {
  await ownNote(ctx, id);
  const note = await findPsychotherapyNote(ctx.db, id);
  await audited(ctx, "psychotherapy_note.read", id);
  return { body: note?.body ?? "", updatedAt: note?.updatedAt ?? null };
}

/** The private note stays writable after signing: it is not part of the record that was signed. */
export async function writePrivateNote(ctx: Caller, id: number, body: string): Promise<PrivateNote> {
  await ownNote(ctx, id);
  const updatedAt = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await savePsychotherapyNote(trx, { sessionId: id, authorId: ctx.user.id, body, updatedAt });
    await audited(ctx, "psychotherapy_note.write", id, trx);
  });
  return { body, updatedAt: body === "" ? null : updatedAt };
}

/** The caller's sessions that ended over 72 hours ago without a signed note, oldest first. */
export async function unsignedNotes(ctx: Caller): Promise<UnsignedNote[]> {
  const endedBefore = new Date(ctx.now().getTime() - UNSIGNED_AFTER_MS).toISOString();
  const overdue = await listUnsignedPastSessions(ctx.db, ctx.user.id, endedBefore, UNSIGNED_LISTED);
  const sessionIds = overdue.flatMap(({ sessionId }) => (sessionId === null ? [] : [sessionId]));
  const [appointments, sessions] = await Promise.all([
    findAppointments(
      ctx.db,
      overdue.map(({ appointmentId }) => appointmentId),
    ),
    findTreatmentSessions(ctx.db, sessionIds),
  ]);
  const appointmentById = new Map((await withPartyDetails(ctx, appointments)).map((appointment) => [appointment.id, appointment]));
  await auditRead(ctx, "treatment_session.read", { type: "doctor", id: ctx.user.id }, sessionIds);
  // Unsigned notes have no addenda: those come only after signing.
  const sessionById = new Map(sessions.map((session) => [session.id, { ...session, addenda: [] }]));
  return overdue.map(({ appointmentId, sessionId }) => ({
    appointment: appointmentById.get(appointmentId)!,
    session: sessionId === null ? null : sessionById.get(sessionId)!,
  }));
}
