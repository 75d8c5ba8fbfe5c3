// Booking a session: who may book for whom, and the rules of the slot. A patient books for
// themselves, and their booking puts them in the doctor's care; a doctor books only for a patient
// already in their care, with themselves; an admin books for anyone (on the patient's behalf, so
// that too puts the patient in the doctor's care). The booking is one write transaction (the care
// relationship, the appointment, its audit row), and the database's unique indexes on (doctor,
// start) and (patient, start) for scheduled sessions make two concurrent bookings of one slot
// impossible: exactly one wins, the other hears 409. The indexes are the only check.
import {
  addCareRelationship,
  findUserById,
  holdCare,
  insertAppointment,
  insertedAppointmentView,
  insertParty,
  isInCareOf,
  isUniqueViolation,
  scheduledIdsAt,
  type AppointmentView,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { agreedFee } from "../billing/agreed-fee";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { bookAppointmentInputSchema } from "./appointment.schema";
import { clinicianNameOf, enqueueAppointmentNotices } from "./appointment-notices";
import { assertBookableStart, findActiveDoctor, workingHoursOf } from "./availability";
import { claimHourForParty, claimHoursForSingles, SLOT_TAKEN } from "./doctor-hours";
import { invitePartner } from "../parties/invitations";
import { SESSION_LENGTH_MS } from "./slots";
import { announceOfferChanges, settleBookedHours } from "../waitlist/offers";
import type { z } from "zod";

export const PATIENT_BUSY = "The patient already has a session at that time. Please choose another time.";
export const NOT_IN_CARE =
  "Doctors can book sessions only for patients in their care. The patient can book with you themselves, or an admin can assign you as their doctor.";

type BookInput = z.output<typeof bookAppointmentInputSchema>;

/** Which patient and doctor a booking (of one session or a series) is for, by the rules of the caller's role. */
export async function bookingParticipants(
  ctx: RequestContext & { user: User },
  input: Pick<BookInput, "doctorId" | "patientId">,
): Promise<{ patient: User; doctor: User }> {
  const { user } = ctx;
  if (user.role === "patient" && input.patientId !== undefined && input.patientId !== user.id) {
    throw new AppError("FORBIDDEN", "Patients can book sessions for themselves only.");
  }
  if (user.role === "doctor" && input.doctorId !== user.id) {
    throw new AppError("FORBIDDEN", "Doctors can book sessions with themselves only.");
  }
  const patientId = user.role === "patient" ? user.id : input.patientId;
  if (patientId === undefined) throw new AppError("INVALID_INPUT", "Choose the patient the session is for (patientId).");
  // Asked before the patient is looked up, so the answer is the same whether or not the id exists.
  if (user.role === "doctor" && !(await isInCareOf(ctx.db, user.id, patientId))) throw new AppError("FORBIDDEN", NOT_IN_CARE);
  const patient = patientId === user.id ? user : await findUserById(ctx.db, patientId);
  if (!patient || patient.role !== "patient" || patient.deactivatedAt) throw new AppError("NOT_FOUND", "No such patient.");
  const doctor = await findActiveDoctor(ctx.db, input.doctorId);
  return { patient, doctor };
}

/**
 * The refusal for a write that ran into a scheduled-slot index, read once it has failed: the
 * doctor's hour taken (by any session but `exceptId`) says so first, then the patient's.
 */
export async function slotConflict(
  db: RequestContext["db"],
  { doctorId, patientId, start, exceptId }: { doctorId: number; patientId: number; start: string; exceptId?: number },
  cause: unknown,
): Promise<AppError> {
  const others = (ids: number[]) => ids.filter((id) => id !== exceptId).length;
  const patientOnly = others(await scheduledIdsAt(db, { doctorId }, start)) === 0 && others(await scheduledIdsAt(db, { patientId }, start)) > 0;
  return new AppError("CONFLICT", patientOnly ? PATIENT_BUSY : SLOT_TAKEN, { cause });
}

/**
 * `acceptingOfferId`: the booking accepts that waitlist offer of the hour, and is undone (409) if
 * the offer is no longer open. Any booking settles an offer holding its hour (waitlist/offers.ts).
 */
export async function bookAppointment(
  ctx: RequestContext & { user: User },
  input: BookInput,
  { acceptingOfferId }: { acceptingOfferId?: number } = {},
): Promise<AppointmentView> {
  // What the booking needs to know, read at once (the doctor's hours are read before the caller's
  // right to book is settled, and only used after).
  const [{ patient, doctor }, hours] = await Promise.all([bookingParticipants(ctx, input), workingHoursOf(ctx, ctx.db, input.doctorId)]);
  const start = new Date(input.startTime);
  assertBookableStart(ctx, doctor, hours, start);
  // The fee in force now, kept with the session (a later price change never rewrites it).
  const { partnerEmail } = input;
  const { serviceId, serviceName, feeMinor } = await agreedFee(ctx.db, patient.id, input.serviceId, partnerEmail === undefined ? "one" : "couple");
  const appointment = {
    patientId: patient.id,
    doctorId: doctor.id,
    title: input.title,
    description: input.description ?? null,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + SESSION_LENGTH_MS).toISOString(),
    status: "scheduled" as const,
    createdAt: ctx.now().toISOString(),
    serviceId,
    feeMinor,
  };

  let id: number;
  let partyId: number | null = null;
  let offerChanges: Awaited<ReturnType<typeof settleBookedHours>> = [];
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      // A patient's booking (or an admin's for them) puts the pair in care, in the booking's own
      // transaction: a cancellation racing it cannot leave the booking without its care. A
      // doctor's booking holds the care it was allowed by, so that an admin ending that care at
      // the same moment either comes first (and the booking is refused) or cancels it after.
      if (ctx.user.role !== "doctor") await addCareRelationship(trx, doctor.id, patient.id, appointment.createdAt);
      else if (!(await holdCare(trx, doctor.id, patient.id))) throw new AppError("FORBIDDEN", NOT_IN_CARE);
      // A couple's session is a party holding the doctor's hour, with the booking patient's place in it.
      if (partnerEmail !== undefined) {
        await claimHourForParty(trx, doctor.id, appointment.startTime);
        const { startTime, endTime, createdAt, title } = appointment;
        partyId = await insertParty(trx, {
          kind: "couple",
          doctorId: doctor.id,
          title,
          startTime,
          endTime,
          capacity: 2,
          serviceId,
          createdBy: ctx.user.id,
          createdAt,
        });
      } else {
        await claimHoursForSingles(trx, doctor.id, [appointment.startTime]);
      }
      const booked = await insertAppointment(trx, { ...appointment, partyId });
      offerChanges = await settleBookedHours(ctx, trx, {
        doctorId: doctor.id,
        patientId: patient.id,
        sessions: [{ startTime: appointment.startTime, appointmentId: booked }],
        clinicianName: clinicianNameOf(doctor),
        ...(acceptingOfferId !== undefined ? { acceptingOfferId } : {}),
      });
      // Its notices exist exactly when it does: written here, sent by the outbox's worker.
      await enqueueAppointmentNotices(ctx, trx, [{ id: booked, ...appointment }], clinicianNameOf(doctor), { kind: "booked" });
      if (partyId !== null) await invitePartner(ctx, trx, { partyId, email: partnerEmail!, inviter: patient, doctor, startTime: appointment.startTime });
      await recordAudit(
        ctx,
        {
          actorId: ctx.user.id,
          action: "appointment.book",
          outcome: "success",
          targetType: "appointment",
          targetId: booked,
          request: ctx.request,
          // An hour booked from the waitlist names the offer it accepted.
          ...(acceptingOfferId !== undefined ? { details: { waitlistOfferId: acceptingOfferId } } : {}),
        },
        trx,
      );
      return booked;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw await slotConflict(ctx.db, { doctorId: doctor.id, patientId: patient.id, start: appointment.startTime }, error);
    throw error;
  }

  ctx.events.publish({ type: "appointment_changed", data: { id }, recipients: [patient.id, doctor.id] });
  announceOfferChanges(ctx, offerChanges);
  return insertedAppointmentView(id, { ...appointment, partyId }, { patient, doctor, serviceName, partyKind: partyId === null ? null : "couple" });
}
