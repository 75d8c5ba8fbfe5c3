// Session notes and progress ratings: written by the session's doctor (which completes the
// session), read by the patient, their doctors, admins, and a doctor with emergency access.
import {
  findAppointment,
  findTreatmentSession,
  findUserById,
  insertTreatmentSession,
  isUniqueViolation,
  listAddenda,
  listTreatmentSessionsOfPatient,
  updateAppointment,
  type Db,
  type TreatmentSessionView,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { chargeCompletedSession } from "../billing/charges";
import { PARTY_NOTES_NOT_YET, takesNotes } from "../parties/party-rules";
import { SESSION_CHANGED, writeScheduledSession } from "../appointments/write-scheduled-session";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { APPOINTMENT_NOT_FOUND } from "../appointments/appointment-access";
import { assertStillCaring, recordAccessTo, type RecordAccess } from "../care/record-access";
import { endCallOfAppointment } from "../visits/room-closing";
import type { recordSessionInputSchema, TreatmentSession } from "./treatment-session.schema";
import type { z } from "zod";

/** Notes may be written from half an hour before a session starts. */
const NOTES_OPEN_BEFORE_START_MS = 30 * 60_000;
const MAX_SESSIONS_LISTED = 500;

export const USER_NOT_FOUND = "No such patient.";

const UNWRITTEN_SOAP = { subjective: "", objective: "", assessment: "", plan: "" };

/**
 * A note as the patient reads it (in the app and in their record): its words and rating at once,
 * as the spec shows them, and the SOAP sections once signed; a draft's are the clinician's
 * working copy.
 */
export function asThePatientReadsIt(session: TreatmentSession): TreatmentSession {
  return session.signedAt ? session : { ...session, soap: UNWRITTEN_SOAP };
}

/** The sessions with their addenda, read in one query for all of them. */
export async function withAddenda(db: Db, sessions: TreatmentSessionView[]): Promise<TreatmentSession[]> {
  const addenda = await listAddenda(
    db,
    sessions.filter((session) => session.signedAt !== null).map((session) => session.id),
  );
  const bySession = new Map<number, typeof addenda>();
  for (const addendum of addenda) bySession.set(addendum.sessionId, [...(bySession.get(addendum.sessionId) ?? []), addendum]);
  return sessions.map((session) => ({ ...session, addenda: bySession.get(session.id) ?? [] }));
}

/** A patient's sessions, and on what grounds the caller reads them (their audit row says so). */
export async function listTreatmentSessions(
  ctx: RequestContext & { user: User },
  userId: number,
): Promise<{ sessions: TreatmentSession[]; access: RecordAccess }> {
  // Both reads at once: one round trip's wait instead of two.
  const [access, patient] = await Promise.all([recordAccessTo(ctx, userId), findUserById(ctx.db, userId)]);
  if (!access) throw new AppError("NOT_FOUND", USER_NOT_FOUND);
  if (!patient || patient.role !== "patient") throw new AppError("NOT_FOUND", USER_NOT_FOUND);
  const sessions = await withAddenda(ctx.db, await listTreatmentSessionsOfPatient(ctx.db, userId, MAX_SESSIONS_LISTED));
  const shown = access.kind === "self" ? sessions.map(asThePatientReadsIt) : sessions;
  return { sessions: shown, access };
}

export async function recordTreatmentSession(
  ctx: RequestContext & { user: User },
  input: z.output<typeof recordSessionInputSchema>,
): Promise<TreatmentSession> {
  const appointment = await findAppointment(ctx.db, input.appointmentId);
  if (!appointment || appointment.doctorId !== ctx.user.id) throw new AppError("NOT_FOUND", APPOINTMENT_NOT_FOUND);
  if (appointment.status === "cancelled" || appointment.status === "no_show") {
    throw new AppError("CONFLICT", "This session did not take place, so it cannot have notes.");
  }
  if (!takesNotes(appointment)) throw new AppError("INVALID_INPUT", PARTY_NOTES_NOT_YET);
  await assertStillCaring(ctx, appointment.patientId);
  const now = ctx.now();
  if (Date.parse(appointment.startTime) - NOTES_OPEN_BEFORE_START_MS > now.getTime()) {
    throw new AppError("INVALID_INPUT", "Notes can be written from half an hour before the session starts.");
  }
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const sessionId = await insertTreatmentSession(trx, {
        appointmentId: appointment.id,
        patientId: appointment.patientId,
        doctorId: appointment.doctorId,
        progressRating: input.progressRating,
        sessionNotes: input.sessionNotes,
        soap: { subjective: input.subjective, objective: input.objective, assessment: input.assessment, plan: input.plan },
        createdAt: now.toISOString(),
      });
      if (appointment.status === "scheduled") {
        // Notes complete a session still scheduled, charged as when its doctor marks it completed;
        // a change that came first (a cancellation, a completion in another tab) refuses them.
        await writeScheduledSession(
          ctx,
          trx,
          appointment.id,
          { status: "completed", updatedAt: now.toISOString() },
          { changedElsewhere: SESSION_CHANGED, audit: { changes: ["completed"], by: "notes" } },
        );
        await chargeCompletedSession(ctx, trx, appointment, ctx.user.id);
      } else {
        await updateAppointment(trx, appointment.id, { updatedAt: now.toISOString() });
      }
      await recordAudit(
        ctx,
        {
          actorId: ctx.user.id,
          action: "treatment_session.create",
          outcome: "success",
          targetType: "treatment_session",
          targetId: sessionId,
          request: ctx.request,
        },
        trx,
      );
      return sessionId;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "Notes for this session have already been written.", { cause: error });
    throw error;
  }
  ctx.events.publish({ type: "appointment_changed", data: { id: appointment.id }, recipients: [appointment.patientId, appointment.doctorId] });
  // The session is completed now: its room closes, and a call still in it ends.
  if (appointment.status === "scheduled") await endCallOfAppointment(ctx, appointment.id, "appointment_closed");
  const written = await findTreatmentSession(ctx.db, id);
  if (!written) throw new Error(`treatment session ${id} vanished after writing`);
  return { ...written, addenda: [] };
}
