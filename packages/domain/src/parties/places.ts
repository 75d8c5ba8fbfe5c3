// A patient's place in a couple's or a group's session: an ordinary appointment row of the party,
// in the doctor's care as any booking puts them, its booked notice to them alone (the doctor set
// up the session, or was told of the couple's booking once). One insert, whoever takes it: a
// partner accepting an invitation, a patient joining a group, a doctor or an admin adding them.
import {
  addCareRelationship,
  findAppointment,
  holdCare,
  holdPartyPlaces,
  isUniqueViolation,
  scheduledPlaceIds,
  findAppointments,
  findParty,
  insertAppointment,
  type AppointmentView,
  type Database,
  type PartyRecord,
  type Db,
  type Transaction,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { enqueueAppointmentNotices } from "../appointments/appointment-notices";

export const GROUP_FULL = "This group is full.";
export const PLACE_BUSY = "The patient already has a session at that time, so they cannot take a place in this one.";
const NO_LONGER_IN_CARE = "This patient is not in your care: an admin can add them, or assign you as their doctor.";
const OWN_PLACE_BUSY = "You already have a session at that time, so you cannot join this one.";

/** The places of a party still scheduled, as screens show them, in the order they were taken. */
export async function scheduledPlacesOf(db: Db, partyId: number): Promise<AppointmentView[]> {
  return (await findAppointments(db, await scheduledPlaceIds(db, partyId))).sort((a, b) => a.id - b.id);
}

interface Place {
  party: PartyRecord;
  patientId: number;
  /** How the session is named to the patient (a couple's is the booking's). */
  title: string;
  description: string | null;
  serviceId: number | null;
  feeMinor: number | null;
  clinicianName: string;
  /** Said in the audit row (the invitation accepted, or who added them). */
  details: Record<string, unknown>;
}

/**
 * Takes a place in `place.party`, inside `before`'s transaction (which answers or checks what the
 * place is taken for), while the party is still scheduled and has a seat left (under the party's
 * lock, so a group's capacity holds when many join at once). Answers the place, as screens show it.
 */
export async function takePlace(
  ctx: RequestContext & { user: User },
  place: Place,
  before: (trx: Transaction<Database>) => Promise<void> = async () => {},
): Promise<AppointmentView> {
  const { party } = place;
  const at = ctx.now().toISOString();
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      await holdPartyPlaces(trx, party.id);
      const current = await findParty(trx, party.id);
      if (!current || current.status !== "scheduled" || Date.parse(current.startTime) <= Date.parse(at)) {
        throw new AppError("CONFLICT", "This session can no longer be joined: it was cancelled, or has begun.");
      }
      if ((await scheduledPlaceIds(trx, party.id)).length >= current.capacity) throw new AppError("CONFLICT", GROUP_FULL);
      await before(trx);
      // A patient's own place (or an admin's adding them) puts them in the doctor's care, as a booking
      // does; a doctor adds only a patient in their care, held so that an admin ending that care at
      // the same moment comes first or after, never undone.
      if (ctx.user.role !== "doctor") await addCareRelationship(trx, party.doctorId, place.patientId, at);
      else if (!(await holdCare(trx, party.doctorId, place.patientId))) throw new AppError("FORBIDDEN", NO_LONGER_IN_CARE);
      const row = {
        patientId: place.patientId,
        doctorId: party.doctorId,
        title: place.title,
        description: place.description,
        startTime: current.startTime,
        endTime: current.endTime,
        status: "scheduled" as const,
        createdAt: at,
        serviceId: place.serviceId,
        feeMinor: place.feeMinor,
        partyId: party.id,
      };
      const placeId = await insertAppointment(trx, row);
      await enqueueAppointmentNotices(
        ctx,
        trx,
        [{ id: placeId, ...row, party: { id: party.id } }],
        place.clinicianName,
        { kind: "booked" },
        { toDoctor: false },
      );
      await recordAudit(
        ctx,
        {
          actorId: ctx.user.id,
          action: "appointment.book",
          outcome: "success",
          targetType: "appointment",
          targetId: placeId,
          request: ctx.request,
          details: { partyId: party.id, ...place.details },
        },
        trx,
      );
      return placeId;
    });
  } catch (error) {
    // Only the patient's own index can refuse a place in a party (the party holds the doctor's hour).
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", ctx.user.id === place.patientId ? OWN_PLACE_BUSY : PLACE_BUSY, { cause: error });
    throw error;
  }
  ctx.events.publish({ type: "appointment_changed", data: { id }, recipients: [place.patientId, party.doctorId] });
  const taken = await findAppointment(ctx.db, id);
  if (!taken) throw new Error(`appointment ${id} vanished after a place was taken`);
  return taken;
}

/**
 * Inside a change of a whole party (its cancellation, a couple's move): takes the party's lock, so
 * no place is taken meanwhile, and refuses the change (409, `changedElsewhere`) if its places are
 * no longer the ones it was decided on (a partner accepted, a patient joined or left meanwhile).
 */
export async function holdPartyAsRead(trx: Transaction<Database>, partyId: number, placeIds: readonly number[], changedElsewhere: string): Promise<void> {
  await holdPartyPlaces(trx, partyId);
  const now = await scheduledPlaceIds(trx, partyId);
  const read = [...placeIds].sort((a, b) => a - b);
  if (now.length !== read.length || now.some((id, index) => id !== read[index])) throw new AppError("CONFLICT", changedElsewhere);
}
