// The note of a couple's or a group's session (issue 36: records stay apart). It is the session's,
// not any one patient's: written and signed by the session's doctor, kept with the session and out
// of every participant's record, and read by a participant only once the doctor shares it with
// them. A participant it is not shared with hears that there is none to read; anyone else that
// the session does not exist.
import { createHash } from "node:crypto";

import {
  findParty,
  findPartyNote,
  findUserById,
  holdPartyPlaces,
  isInCareOf,
  placesInParties,
  setPartyNoteShared,
  signPartyNote,
  writePartyNoteDraft,
  type PartyNote as StoredNote,
  type PartyRecord,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { clinicianNameOf } from "../appointments/appointment-notices";
import type { PartyNote } from "./party.schema";
import { holdForSessionChange } from "../appointments/session-locks";
import { SESSION_CHANGED } from "../appointments/write-scheduled-session";

type Caller = RequestContext & { user: User };

export const NO_SUCH_SESSION = "No such session.";
/** As a single session's notes: from half an hour before it starts. */
const NOTE_OPENS_BEFORE_START_MS = 30 * 60_000;
/** The version of what a signature covers; a new form would get a new tag, never a changed meaning. */
const FORM = "halcyon-party-note-v1";

/** The session's note as the caller may read it: null when there is none for them (yet). */
export async function partyNoteFor(ctx: Caller, partyId: number): Promise<PartyNote | null> {
  const party = await findParty(ctx.db, partyId);
  if (!party) throw new AppError("NOT_FOUND", NO_SUCH_SESSION);
  const [note, places] = await Promise.all([findPartyNote(ctx.db, partyId), placesInParties(ctx.db, [partyId])]);
  if (ctx.user.role === "doctor" && party.doctorId === ctx.user.id) {
    const participants = places
      .filter((place) => place.status !== "cancelled")
      .map((place) => ({
        patientId: place.patientId,
        name: place.patientName,
        status: place.status as "scheduled" | "completed" | "no_show",
        shared: note?.sharedWith.includes(place.patientId) ?? false,
      }));
    return note ? await shown(ctx, party, note, participants) : null;
  }
  const participant = ctx.user.role === "patient" && places.some((place) => place.patientId === ctx.user.id && place.status !== "cancelled");
  if (!participant) throw new AppError("NOT_FOUND", NO_SUCH_SESSION);
  if (!note?.sharedWith.includes(ctx.user.id)) return null;
  await recordAudit(ctx, { actorId: ctx.user.id, action: "party_note.read", outcome: "success", targetType: "party", targetId: partyId, request: ctx.request });
  return shown(ctx, party, note);
}

async function shown(ctx: Caller, party: PartyRecord, note: StoredNote, participants?: PartyNote["participants"]): Promise<PartyNote> {
  const doctor = await findUserById(ctx.db, party.doctorId);
  return {
    partyId: party.id,
    kind: party.kind,
    doctorName: doctor ? clinicianNameOf(doctor) : "",
    body: note.body,
    updatedAt: note.updatedAt,
    signedAt: note.signedAt,
    contentHash: note.contentHash,
    ...(participants ? { participants } : {}),
  };
}

/** The party `partyId`, if it is the caller's own (its doctor); anyone else: 404, as if it did not exist. */
async function ownParty(ctx: Caller, partyId: number): Promise<PartyRecord> {
  const party = await findParty(ctx.db, partyId);
  if (!party || party.doctorId !== ctx.user.id) throw new AppError("NOT_FOUND", NO_SUCH_SESSION);
  return party;
}

/** Writes the session's note as a draft (a new one, or over the draft), from half an hour before it starts. */
export async function writePartyNote(ctx: Caller, { partyId, body }: { partyId: number; body: string }): Promise<PartyNote> {
  const party = await ownParty(ctx, partyId);
  if (party.status === "cancelled") throw new AppError("CONFLICT", "This session was cancelled, so it has no note.");
  const now = ctx.now();
  if (Date.parse(party.startTime) - NOTE_OPENS_BEFORE_START_MS > now.getTime()) {
    throw new AppError("INVALID_INPUT", "A session's note can be written from half an hour before it starts.");
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await writePartyNoteDraft(trx, { partyId, doctorId: ctx.user.id, body, at: now.toISOString() }))) {
      throw new AppError("CONFLICT", "This note is signed, so it cannot change.");
    }
    await recordAudit(
      ctx,
      { actorId: ctx.user.id, action: "party_note.write", outcome: "success", targetType: "party", targetId: partyId, request: ctx.request },
      trx,
    );
  });
  return (await partyNoteFor(ctx, partyId))!;
}

/** What a signature covers, in a fixed form anyone can recompute from the stored note. */
export function partyNoteHash(note: Pick<StoredNote, "partyId" | "doctorId" | "body">, signature: { signedBy: number; signedAt: string }): string {
  const content = [FORM, note.partyId, note.doctorId, note.body, signature.signedBy, signature.signedAt];
  return createHash("sha256").update(JSON.stringify(content), "utf8").digest("hex");
}

/**
 * Signs the draft as the doctor read it (`readAt`: the draft's `updatedAt` on their screen): a save
 * or a signature that came meanwhile refuses it (409), so nothing is ever signed unseen. It never
 * changes again.
 */
export async function signSessionNote(ctx: Caller, { partyId, readAt }: { partyId: number; readAt: string }): Promise<PartyNote> {
  await ownParty(ctx, partyId);
  const note = await findPartyNote(ctx.db, partyId);
  if (!note) throw new AppError("CONFLICT", "Write the session's note before signing it.");
  if (note.signedAt) throw new AppError("CONFLICT", "This note is signed already.");
  const signature = { signedBy: ctx.user.id, signedAt: ctx.now().toISOString() };
  await ctx.db.transaction().execute(async (trx) => {
    const signed = await signPartyNote(trx, partyId, { ...signature, body: note.body, readAt, contentHash: partyNoteHash(note, signature) });
    if (!signed) throw new AppError("CONFLICT", "The note changed a moment ago, or was signed: read it again, then sign.");
    await recordAudit(
      ctx,
      { actorId: ctx.user.id, action: "party_note.sign", outcome: "success", targetType: "party", targetId: partyId, request: ctx.request },
      trx,
    );
  });
  return (await partyNoteFor(ctx, partyId))!;
}

/** Shares the note with one participant, or stops sharing it; they are told on their screen. */
export async function sharePartyNote(ctx: Caller, { partyId, patientId, shared }: { partyId: number; patientId: number; shared: boolean }): Promise<PartyNote> {
  const party = await ownParty(ctx, partyId);
  const places = await ctx.db.transaction().execute(async (trx) => {
    // Decided under the patient's care and the party's places, in the order a cancellation takes
    // them: a place given up, or a care ended, at this moment is seen (and no share outlives it).
    await holdForSessionChange(trx, { doctorId: party.doctorId, patientIds: [patientId], changedElsewhere: SESSION_CHANGED, waitlist: false });
    await holdPartyPlaces(trx, partyId);
    const [note, current] = await Promise.all([findPartyNote(trx, partyId), placesInParties(trx, [partyId])]);
    // A participant reads the note as signed, never a draft that may still change.
    if (!note?.signedAt) throw new AppError("CONFLICT", "Sign the session's note before sharing it.");
    if (!current.some((place) => place.patientId === patientId && place.status !== "cancelled")) {
      throw new AppError("INVALID_INPUT", "A session's note is shared only with a patient who took part in it.");
    }
    // Shared only while the patient is in the doctor's care (stopping is always allowed).
    if (shared && !(await isInCareOf(trx, ctx.user.id, patientId))) {
      throw new AppError("FORBIDDEN", "This patient is no longer in your care, so the note cannot be shared with them.");
    }
    await setPartyNoteShared(trx, { partyId, patientId, shared, by: ctx.user.id, at: ctx.now().toISOString() });
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: shared ? "party_note.share" : "party_note.unshare",
        outcome: "success",
        targetType: "party",
        targetId: partyId,
        request: ctx.request,
        details: { patientId },
      },
      trx,
    );
    return current;
  });
  const place = places.find((candidate) => candidate.patientId === patientId)!;
  ctx.events.publish({ type: "appointment_changed", data: { id: place.appointmentId }, recipients: [patientId] });
  return (await partyNoteFor(ctx, partyId))!;
}
