// The steps in a visit's room that the record keeps: a party joins, the doctor admits the patient,
// a party leaves, the doctor ends the visit. Each is audited (facts only: no media, no content)
// and tells the other party. The transport keeps which of its sockets sit in which room and
// relays the WebRTC signals between the two parties (see the API's visit signalling).
import {
  enterVisitRoom,
  findVisit,
  isInVisitRoom,
  leaveVisitRoom,
  markVisitEnded,
  markVisitStarted,
  type Database,
  type Transaction,
  type User,
  type Visit,
} from "@halcyon/db";
import { recordAudit, type AuditAction } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { assertVisitConsent } from "../intake/paperwork";
import type { VisitEventType } from "../events/clinic-events";
import { ROOM_CLOSED_WHY } from "./visit-times";
import { currentRoom, VISIT_NOT_FOUND } from "./visits";

type Member = RequestContext & { user: User };

/** A party's place in an open room, as the transport keeps it for a socket. */
export interface Seat {
  visitId: number;
  role: "doctor" | "patient";
  /** The other party's user id: signals go to them only. */
  otherId: number;
  /** When the room closes, as it stood at the join; a room closed early is told to the transport (`visit_end`). */
  closesAt: string;
  /** The patient has been admitted: from then on the two may signal. */
  admitted: boolean;
}

/** What the member who joins is told: whether they may talk yet and whether the other party is there. */
export interface Joined {
  seat: Seat;
  otherPresent: boolean;
}

type OpenVisit = { visit: Visit; closesAt: string };

function seatOf(user: User, { visit, closesAt }: OpenVisit): Seat {
  const role = user.id === visit.doctorId ? "doctor" : "patient";
  return { visitId: visit.id, role, otherId: role === "doctor" ? visit.patientId : visit.doctorId, closesAt, admitted: visit.startedAt !== null };
}

/**
 * The visit, for one of its parties, while its room is open (its session still scheduled, its
 * care standing, within its window); anything else is refused with the reason.
 */
async function openVisit(ctx: Member, visitId: number): Promise<OpenVisit> {
  const visit = await findVisit(ctx.db, visitId);
  if (!visit || (visit.doctorId !== ctx.user.id && visit.patientId !== ctx.user.id)) throw new AppError("NOT_FOUND", VISIT_NOT_FOUND);
  const room = await currentRoom(ctx, visit);
  if (room.closedBecause) throw new AppError("CONFLICT", ["This visit has ended.", ROOM_CLOSED_WHY[room.closedBecause]].filter(Boolean).join(" "));
  if (room.state === "not_open") throw new AppError("CONFLICT", `This room is not open yet: it opens at ${room.opensAt}.`);
  return { visit, closesAt: room.closesAt };
}

function tell(ctx: Member, type: VisitEventType, visitId: number, recipients: number[]): void {
  ctx.events.publish({ type, data: { visitId, fromUserId: ctx.user.id }, recipients });
}

async function audit(ctx: Member, action: AuditAction, visitId: number, patientId: number, trx: Transaction<Database>): Promise<void> {
  await recordAudit(
    ctx,
    { actorId: ctx.user.id, action, outcome: "success", targetType: "visit", targetId: visitId, details: { patientId }, request: ctx.request },
    trx,
  );
}

/**
 * `ctx.user` enters the room through socket `socketId`. The doctor hears a patient who is not yet
 * admitted as `visit_waiting`; otherwise the other party hears `visit_join`.
 */
export async function joinVisit(ctx: Member, visitId: number, socketId: string): Promise<Joined> {
  const open = await openVisit(ctx, visitId);
  const { visit } = open;
  const seat = seatOf(ctx.user, open);
  // The call is the telehealth the consent agrees to: the patient signs it before entering.
  if (seat.role === "patient") await assertVisitConsent(ctx.db, ctx.user.id);
  await ctx.db.transaction().execute(async (trx) => {
    await enterVisitRoom(trx, { visitId, userId: ctx.user.id, socketId, at: ctx.now().toISOString() });
    await audit(ctx, "visit.join", visitId, visit.patientId, trx);
  });
  const otherPresent = await isInVisitRoom(ctx.db, visitId, seat.otherId);
  tell(ctx, seat.role === "patient" && !seat.admitted ? "visit_waiting" : "visit_join", visitId, [seat.otherId]);
  return { seat, otherPresent };
}

/** The doctor admits the waiting patient: the call begins (the first admission is the visit's actual start). */
export async function admitToVisit(ctx: Member, visitId: number): Promise<Seat> {
  const open = await openVisit(ctx, visitId);
  const { visit } = open;
  if (visit.doctorId !== ctx.user.id) throw new AppError("FORBIDDEN", "Only the doctor admits to a visit.");
  await ctx.db.transaction().execute(async (trx) => {
    await markVisitStarted(trx, visitId, ctx.now().toISOString());
    await audit(ctx, "visit.admit", visitId, visit.patientId, trx);
  });
  tell(ctx, "visit_admit", visitId, [visit.patientId, visit.doctorId]);
  return { ...seatOf(ctx.user, open), admitted: true };
}

/** `ctx.user` leaves the room they entered through `socketId` (its Leave button, or the socket closed). */
export async function leaveVisit(ctx: Member, seat: Seat, socketId: string): Promise<void> {
  const patientId = seat.role === "patient" ? ctx.user.id : seat.otherId;
  const left = await ctx.db.transaction().execute(async (trx) => {
    if (!(await leaveVisitRoom(trx, { visitId: seat.visitId, userId: ctx.user.id, socketId }))) return false;
    await audit(ctx, "visit.leave", seat.visitId, patientId, trx);
    return true;
  });
  // A reload that rejoined from a new socket is still in the room: nobody is told of the old one.
  if (left) tell(ctx, "visit_leave", seat.visitId, [seat.otherId]);
}

/** The doctor ends the visit, for both: its room closes now and the visit keeps its end. */
export async function endVisit(ctx: Member, visitId: number): Promise<void> {
  const { visit } = await openVisit(ctx, visitId);
  if (visit.doctorId !== ctx.user.id) throw new AppError("FORBIDDEN", "Only the doctor ends a visit.");
  const ended = await ctx.db.transaction().execute(async (trx) => {
    if (!(await markVisitEnded(trx, visitId, ctx.now().toISOString()))) return false;
    await audit(ctx, "visit.end", visitId, visit.patientId, trx);
    return true;
  });
  if (ended) tell(ctx, "visit_end", visitId, [visit.patientId, visit.doctorId]);
}
