// Video visits: a room per appointment, for its patient and its doctor only, and instant visits a
// doctor starts with a patient in their care. When a room is open is derived from what justifies
// it (room-window.ts). Anyone else is told the room does not exist (404), so ids cannot be probed.
import {
  findAppointment,
  findUserById,
  findVisit,
  insertInstantVisit,
  isInCareOf,
  patientsPresentFor,
  scheduledSessionsOfPair,
  unendedVisitsOfPair,
  visitOfAppointment,
  type User,
  type Visit,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { VISIT_CONSENT_NEEDED, visitConsentDue } from "../intake/paperwork";
import { iceServersFor } from "./ice-servers";
import { roomOf, type Room } from "./room-window";
import { INSTANT_VISIT_MS, VISIT_CLOSES_AFTER_MS, VISIT_OPENS_BEFORE_MS, type PartnerVisit, type VisitView, type WaitingPatientView } from "./visit.schema";

type Member = RequestContext & { user: User };

export const VISIT_NOT_FOUND = "No such visit.";

/** The room of `visit` now, with the care between its parties read afresh. */
export async function currentRoom(ctx: RequestContext, visit: Visit): Promise<Room> {
  return roomOf(visit, await isInCareOf(ctx.db, visit.doctorId, visit.patientId), ctx.now());
}

function isParty(user: User, visit: Pick<Visit, "doctorId" | "patientId">): boolean {
  return user.id === visit.doctorId || user.id === visit.patientId;
}

async function toView(ctx: Member, visit: Visit): Promise<VisitView> {
  const role = ctx.user.id === visit.doctorId ? "doctor" : "patient";
  const [other, room, consentDue] = await Promise.all([
    findUserById(ctx.db, role === "doctor" ? visit.patientId : visit.doctorId),
    currentRoom(ctx, visit),
    role === "patient" ? visitConsentDue(ctx.db, visit.patientId) : false,
  ]);
  if (!other) throw new AppError("NOT_FOUND", VISIT_NOT_FOUND);
  return {
    id: visit.id,
    appointmentId: visit.appointmentId,
    state: room.state,
    role,
    otherParty: { id: other.id, firstName: other.firstName, lastName: other.lastName },
    opensAt: room.opensAt,
    closesAt: room.closesAt,
    closedBecause: room.closedBecause,
    startedAt: visit.startedAt,
    endedAt: visit.endedAt,
    consentNeeded: consentDue ? VISIT_CONSENT_NEEDED : null,
    // A way through to the other party only while there is a call to have.
    iceServers: room.state === "open" ? iceServersFor(ctx.config, ctx.user.id, ctx.now(), room.closesAt) : [],
  };
}

/** The room of appointment `appointmentId`, for its two parties; a cancelled appointment has none. */
export async function visitForAppointment(ctx: Member, appointmentId: number): Promise<VisitView> {
  const appointment = await findAppointment(ctx.db, appointmentId);
  if (!appointment || !isParty(ctx.user, appointment)) throw new AppError("NOT_FOUND", VISIT_NOT_FOUND);
  if (appointment.status === "cancelled") throw new AppError("NOT_FOUND", "This appointment was cancelled: it has no visit.");
  const visit = await visitOfAppointment(ctx.db, {
    appointmentId,
    doctorId: appointment.doctorId,
    patientId: appointment.patientId,
    createdAt: ctx.now().toISOString(),
  });
  return toView(ctx, visit);
}

/** A visit by its own id (its room's address, /visits/{id}), for its two parties. */
export async function visitById(ctx: Member, id: number): Promise<VisitView> {
  const visit = await findVisit(ctx.db, id);
  if (!visit || !isParty(ctx.user, visit)) throw new AppError("NOT_FOUND", VISIT_NOT_FOUND);
  return toView(ctx, visit);
}

/** An instant visit a doctor starts with a patient in their care, open at once for two hours; audited. */
export async function startInstantVisit(ctx: Member, patientId: number): Promise<{ id: number }> {
  if (!(await isInCareOf(ctx.db, ctx.user.id, patientId))) throw new AppError("NOT_FOUND", "No such patient in your care.");
  const visit = await ctx.db.transaction().execute(async (trx) => {
    const made = await insertInstantVisit(trx, { doctorId: ctx.user.id, patientId, createdAt: ctx.now().toISOString() });
    await recordAudit(
      ctx,
      { actorId: ctx.user.id, action: "visit.start", outcome: "success", targetType: "visit", targetId: made.id, details: { patientId }, request: ctx.request },
      trx,
    );
    return made;
  });
  // The patient sees the invitation wherever they are in the app.
  ctx.events.publish({ type: "visit_invite", data: { visitId: visit.id, fromUserId: ctx.user.id }, recipients: [patientId] });
  return { id: visit.id };
}

/** The patients waiting in the doctor's open rooms to be admitted (the doctor dashboard shows them). */
export async function patientsWaiting(ctx: Member): Promise<WaitingPatientView[]> {
  const present = await patientsPresentFor(ctx.db, ctx.user.id);
  const open = await Promise.all(present.map(async ({ visit }) => (await currentRoom(ctx, visit)).state === "open"));
  return present
    .filter((_, i) => open[i])
    .map(({ visit, patientName, since }) => ({ visitId: visit.id, appointmentId: visit.appointmentId, patientId: visit.patientId, patientName, since }));
}

/**
 * The room a member and their partner (their doctor, or their patient) can meet in now: an instant
 * visit still open, else the room of their session that is open; else when their next session's
 * room opens. What a chat's call buttons use.
 */
export async function visitWithPartner(ctx: Member, partnerId: number): Promise<PartnerVisit> {
  const pair = ctx.user.role === "doctor" ? { doctorId: ctx.user.id, patientId: partnerId } : { doctorId: partnerId, patientId: ctx.user.id };
  if (!(await isInCareOf(ctx.db, pair.doctorId, pair.patientId))) return { visitId: null, nextOpensAt: null };
  const now = ctx.now();
  const recent = await unendedVisitsOfPair(ctx.db, pair, new Date(now.getTime() - INSTANT_VISIT_MS).toISOString());
  const instant = recent.find((visit) => visit.appointmentId === null && roomOf(visit, true, now).state === "open");
  if (instant) return { visitId: instant.id, nextOpensAt: null };
  // A session that ended up to half an hour ago still has its room open.
  const [session] = await scheduledSessionsOfPair(ctx.db, pair, new Date(now.getTime() - VISIT_CLOSES_AFTER_MS).toISOString(), 1);
  if (!session) return { visitId: null, nextOpensAt: null };
  const opensAt = Date.parse(session.startTime) - VISIT_OPENS_BEFORE_MS;
  if (opensAt > now.getTime()) return { visitId: null, nextOpensAt: new Date(opensAt).toISOString() };
  return { visitId: (await visitForAppointment(ctx, session.id)).id, nextOpensAt: null };
}
