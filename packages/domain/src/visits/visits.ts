// Video visits: a room per appointment, for its patient and its doctor only, open from 15 minutes
// before the session to 30 minutes after its scheduled end, or until the doctor ends it; and
// instant visits a doctor starts with a patient in their care, open until the doctor ends them.
// Anyone else is told the room does not exist (404), so ids cannot be probed.
import {
  findAppointment,
  findUserById,
  findVisit,
  insertInstantVisit,
  isInCareOf,
  openInstantVisitOf,
  patientsWaitingFor,
  scheduledSessionsOfPair,
  visitOfAppointment,
  type User,
  type Visit,
  type WaitingPatient,
} from "@halcyon/db";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { iceServersFor } from "./ice-servers";
import { VISIT_CLOSES_AFTER_MS, VISIT_OPENS_BEFORE_MS, type PartnerVisit, type VisitState, type VisitView } from "./visit.schema";

type Member = RequestContext & { user: User };

export const VISIT_NOT_FOUND = "No such visit.";

export function visitState(visit: Pick<Visit, "opensAt" | "closesAt">, now: Date): VisitState {
  if (now.getTime() < Date.parse(visit.opensAt)) return "not_open";
  if (visit.closesAt !== null && now.getTime() >= Date.parse(visit.closesAt)) return "ended";
  return "open";
}

function isParty(user: User, visit: Pick<Visit, "doctorId" | "patientId">): boolean {
  return user.id === visit.doctorId || user.id === visit.patientId;
}

async function toView(ctx: Member, visit: Visit): Promise<VisitView> {
  const role = ctx.user.id === visit.doctorId ? "doctor" : "patient";
  const other = await findUserById(ctx.db, role === "doctor" ? visit.patientId : visit.doctorId);
  if (!other) throw new AppError("NOT_FOUND", VISIT_NOT_FOUND);
  return {
    id: visit.id,
    appointmentId: visit.appointmentId,
    state: visitState(visit, ctx.now()),
    role,
    otherParty: { id: other.id, firstName: other.firstName, lastName: other.lastName },
    opensAt: visit.opensAt,
    closesAt: visit.closesAt,
    startedAt: visit.startedAt,
    endedAt: visit.endedAt,
    iceServers: iceServersFor(ctx.config, ctx.user.id, ctx.now()),
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
    opensAt: new Date(Date.parse(appointment.startTime) - VISIT_OPENS_BEFORE_MS).toISOString(),
    closesAt: new Date(Date.parse(appointment.endTime) + VISIT_CLOSES_AFTER_MS).toISOString(),
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

/** An instant visit a doctor starts with a patient in their care, open at once. */
export async function startInstantVisit(ctx: Member, patientId: number): Promise<{ id: number }> {
  if (!(await isInCareOf(ctx.db, ctx.user.id, patientId))) throw new AppError("NOT_FOUND", "No such patient in your care.");
  const visit = await insertInstantVisit(ctx.db, { doctorId: ctx.user.id, patientId, opensAt: ctx.now().toISOString() });
  // The patient sees the invitation wherever they are in the app.
  ctx.events.publish({ type: "visit_invite", data: { visitId: visit.id, fromUserId: ctx.user.id }, recipients: [patientId] });
  return { id: visit.id };
}

/** The patients waiting in the doctor's open rooms to be admitted (the doctor dashboard shows them). */
export function patientsWaiting(ctx: Member): Promise<WaitingPatient[]> {
  return patientsWaitingFor(ctx.db, ctx.user.id, ctx.now().toISOString());
}

/**
 * The room a member and their partner (their doctor, or their patient) can meet in now: an instant
 * visit still open, else the room of their session that is open; else when their next session's
 * room opens. What a chat's call buttons use.
 */
export async function visitWithPartner(ctx: Member, partnerId: number): Promise<PartnerVisit> {
  const pair = ctx.user.role === "doctor" ? { doctorId: ctx.user.id, patientId: partnerId } : { doctorId: partnerId, patientId: ctx.user.id };
  const now = ctx.now();
  const instant = await openInstantVisitOf(ctx.db, pair, now.toISOString());
  if (instant) return { visitId: instant.id, nextOpensAt: null };
  // A session that ended up to half an hour ago still has its room open.
  const [session] = await scheduledSessionsOfPair(ctx.db, pair, new Date(now.getTime() - VISIT_CLOSES_AFTER_MS).toISOString(), 1);
  if (!session) return { visitId: null, nextOpensAt: null };
  const opensAt = Date.parse(session.startTime) - VISIT_OPENS_BEFORE_MS;
  if (opensAt > now.getTime()) return { visitId: null, nextOpensAt: new Date(opensAt).toISOString() };
  return { visitId: (await visitForAppointment(ctx, session.id)).id, nextOpensAt: null };
}
