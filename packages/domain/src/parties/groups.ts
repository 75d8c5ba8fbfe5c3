// A doctor's group: a session of 2 to 12 patients at an hour the doctor sets, with a title and a
// group service. Patients in the doctor's care join it from the list of open groups; the doctor
// (or an admin) adds a patient; a member leaves by cancelling their own place; the doctor or an
// admin cancels the group, which cancels every place. Members never see one another.
import {
  findClinicService,
  findParty,
  findUserById,
  insertParty,
  isInCareOf,
  isUniqueViolation,
  placesInParties,
  updateParty,
  upcomingGroups,
  type AppointmentView,
  type GroupSummary,
  type PartyRecord,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { agreedFee } from "../billing/agreed-fee";
import { GROUP_KINDS } from "../billing/cpt";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { clinicianNameOf } from "../appointments/appointment-notices";
import { assertBookableStart, findActiveDoctor, workingHoursOf } from "../appointments/availability";
import { NOT_IN_CARE } from "../appointments/book-appointment";
import { cancelSessions } from "../appointments/cancel-sessions";
import { claimHourForParty, SLOT_TAKEN } from "../appointments/doctor-hours";
import { SESSION_LENGTH_MS } from "../appointments/slots";
import { SESSION_CHANGED } from "../appointments/write-scheduled-session";
import type { z } from "zod";
import type { createGroupInputSchema, Group } from "./party.schema";
import { holdPartyAsRead, scheduledPlacesOf, takePlace } from "./places";
import { announceOfferChanges, settleBookedHours, type OfferChange } from "../waitlist/offers";

type Caller = RequestContext & { user: User };

export const NO_SUCH_GROUP = "No such group.";

export async function createGroup(ctx: Caller, input: z.output<typeof createGroupInputSchema>): Promise<Group> {
  const { user } = ctx;
  if (user.role === "doctor" && input.doctorId !== undefined && input.doctorId !== user.id)
    throw new AppError("FORBIDDEN", "Doctors set their own groups only.");
  const doctorId = user.role === "doctor" ? user.id : input.doctorId;
  if (doctorId === undefined) throw new AppError("INVALID_INPUT", "Choose the doctor the group is with (doctorId).");
  const [doctor, hours, service] = await Promise.all([
    findActiveDoctor(ctx.db, doctorId),
    workingHoursOf(ctx, ctx.db, doctorId),
    findClinicService(ctx.db, input.serviceId),
  ]);
  const start = new Date(input.startTime);
  assertBookableStart(ctx, doctor, hours, start);
  if (!service || !service.active || !GROUP_KINDS.includes(service.kind))
    throw new AppError("INVALID_INPUT", "Choose one of the clinic's group services (serviceId).");
  const createdAt = ctx.now().toISOString();
  const party = {
    kind: "group" as const,
    doctorId,
    title: input.title,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + SESSION_LENGTH_MS).toISOString(),
    capacity: input.capacity,
    serviceId: service.id,
    createdBy: user.id,
    createdAt,
  };
  let id: number;
  let offerChanges: OfferChange[] = [];
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      await claimHourForParty(trx, doctorId, party.startTime);
      const made = await insertParty(trx, party);
      // A waitlist offer holding the hour is withdrawn with an apology, as a booking of it would.
      offerChanges = await settleBookedHours(ctx, trx, {
        doctorId,
        patientId: null,
        sessions: [{ startTime: party.startTime }],
        clinicianName: clinicianNameOf(doctor),
      });
      await recordAudit(ctx, { actorId: user.id, action: "group.create", outcome: "success", targetType: "party", targetId: made, request: ctx.request }, trx);
      return made;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", SLOT_TAKEN, { cause: error });
    throw error;
  }
  ctx.events.publish({ type: "appointment_changed", data: { id }, recipients: [doctorId] });
  announceOfferChanges(ctx, offerChanges);
  return groupView({ ...party, id, status: "scheduled", doctorName: clinicianNameOf(doctor), taken: 0 }, [], user);
}

/** Groups still to come: a patient's doctors' (to join), a doctor's own, every group or one doctor's for an admin. */
export async function listGroups(ctx: Caller, doctorId: number | undefined): Promise<Group[]> {
  const { user } = ctx;
  const from = ctx.now().toISOString();
  const groups =
    user.role === "patient"
      ? await upcomingGroups(ctx.db, { caredForPatientId: user.id, from })
      : await upcomingGroups(ctx.db, { from, ...(user.role === "doctor" ? { doctorId: user.id } : doctorId !== undefined ? { doctorId } : {}) });
  const places = await placesInParties(
    ctx.db,
    groups.map((group) => group.id),
  );
  return groups.map((group) => groupView(group, places, user));
}

function groupView(group: GroupSummary, places: Awaited<ReturnType<typeof placesInParties>>, viewer: User): Group {
  const members = places.filter((place) => place.partyId === group.id && place.status === "scheduled");
  const own = members.find((member) => member.patientId === viewer.id);
  return {
    id: group.id,
    doctorId: group.doctorId,
    doctorName: group.doctorName,
    title: group.title,
    startTime: group.startTime,
    endTime: group.endTime,
    capacity: group.capacity,
    taken: group.taken,
    full: group.taken >= group.capacity,
    ...(own ? { placeId: own.appointmentId } : {}),
    ...(viewer.role !== "patient"
      ? { members: members.map((member) => ({ patientId: member.patientId, name: member.patientName, appointmentId: member.appointmentId })) }
      : {}),
  };
}

/** The group `id` as its doctor (their own) or an admin may act on it; anyone else is told it does not exist. */
async function staffGroup(ctx: Caller, id: number): Promise<PartyRecord> {
  const group = await findParty(ctx.db, id);
  if (!group || group.kind !== "group" || (ctx.user.role === "doctor" && group.doctorId !== ctx.user.id)) throw new AppError("NOT_FOUND", NO_SUCH_GROUP);
  return group;
}

async function placeFor(ctx: Caller, group: PartyRecord, patient: User, details: Record<string, unknown>): Promise<AppointmentView> {
  const doctor = await findUserById(ctx.db, group.doctorId);
  const { serviceId, feeMinor } = await agreedFee(ctx.db, patient.id, group.serviceId ?? undefined, "group");
  return takePlace(ctx, {
    party: group,
    patientId: patient.id,
    title: group.title,
    description: null,
    serviceId,
    feeMinor,
    clinicianName: doctor ? clinicianNameOf(doctor) : "",
    details,
  });
}

/** A patient joins a group of a doctor in whose care they are (any other group: 404, as if it did not exist). */
export async function joinGroup(ctx: Caller, id: number): Promise<AppointmentView> {
  const group = await findParty(ctx.db, id);
  if (!group || group.kind !== "group" || !(await isInCareOf(ctx.db, group.doctorId, ctx.user.id))) throw new AppError("NOT_FOUND", NO_SUCH_GROUP);
  return placeFor(ctx, group, ctx.user, {});
}

/** The group's doctor adds a patient in their care; an admin adds any patient (which puts them in the doctor's care). */
export async function addGroupMember(ctx: Caller, id: number, patientId: number): Promise<AppointmentView> {
  const group = await staffGroup(ctx, id);
  if (ctx.user.role === "doctor" && !(await isInCareOf(ctx.db, ctx.user.id, patientId))) throw new AppError("FORBIDDEN", NOT_IN_CARE);
  const patient = await findUserById(ctx.db, patientId);
  if (!patient || patient.role !== "patient" || patient.deactivatedAt) throw new AppError("NOT_FOUND", "No such patient.");
  return placeFor(ctx, group, patient, { addedBy: ctx.user.id });
}

/** The group's doctor or an admin cancels it: every place is cancelled, each member told. */
export async function cancelGroup(ctx: Caller, id: number): Promise<void> {
  const group = await staffGroup(ctx, id);
  if (group.status !== "scheduled") throw new AppError("CONFLICT", "This group is no longer scheduled.");
  if (Date.parse(group.startTime) <= ctx.now().getTime()) throw new AppError("INVALID_INPUT", "This group has already begun, so it cannot be cancelled.");
  const places = await scheduledPlacesOf(ctx.db, group.id);
  if (places.length > 0) {
    await cancelSessions(ctx, places, { changedElsewhere: SESSION_CHANGED, endsParties: [group.id], auditDetails: { partyId: group.id } });
  } else {
    await ctx.db.transaction().execute(async (trx) => {
      await holdPartyAsRead(trx, group.id, [], SESSION_CHANGED);
      await updateParty(trx, group.id, { status: "cancelled", updatedAt: ctx.now().toISOString() });
    });
  }
  await recordAudit(ctx, { actorId: ctx.user.id, action: "group.cancel", outcome: "success", targetType: "party", targetId: group.id, request: ctx.request });
  ctx.events.publish({ type: "appointment_changed", data: { id: group.id }, recipients: [group.doctorId] });
}
