// Offering freed hours to the waitlist, one person at a time, in the order they joined. An hour is
// offered when a session is cancelled or moved away, when a doctor's hours grow, and again each
// time an offer of it is declined or runs out. Every step runs in the transaction of the change
// that caused it (the cancellation, the answer, the sweep's expiry), under the waitlist lock, so an
// offer exists exactly when its cause does; the push to the app follows the commit.
//
// The hold is against the waitlist, not against the clinic: while an offer is open nobody else on
// the list is offered the hour, but a patient booking it directly still may (docs/product.md,
// "Waitlist"), and that booking withdraws the offer with an apology.
import {
  closeWaitlistOffer,
  endWaitlistEntry,
  findUserById,
  holdWaitlist,
  insertWaitlistOffer,
  openOffersAt,
  partyHoursAmong,
  scheduledIdsAt,
  waitlistCandidates,
  type Database,
  type Transaction,
  type WaitlistOfferRow,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { clinicianNameOf } from "../appointments/appointment-notices";
import { workingHoursOf } from "../appointments/availability";
import { calendarDateIn, isBookableStart } from "../appointments/slots";
import type { ClinicServices } from "../context";
import { AppError } from "../errors";
import { enqueueNotices } from "../notices/outbox";
import { suits } from "./waitlist-times";

export type OfferServices = Pick<ClinicServices, "config" | "now" | "audit" | "outbox">;

/** An offer made, answered, run out or withdrawn: its patient's screen is told once the change commits. */
export interface OfferChange {
  offerId: number;
  patientId: number;
}

export function announceOfferChanges(services: Pick<ClinicServices, "events">, changes: readonly OfferChange[]): void {
  for (const { offerId, patientId } of changes) {
    services.events.publish({ type: "waitlist_offer_changed", data: { offerId }, recipients: [patientId] });
  }
}

/**
 * Offers each of a doctor's `starts` that is still free (in the future, inside their hours, no
 * session, no open offer) to the first person on the list it suits. A person holds one offer at
 * a time, so one who was just offered an earlier start is passed over for the later ones.
 * `passOver`: the patient who just gave the hour up (a cancellation or a move), never offered it back.
 */
export async function offerFreedHours(
  services: OfferServices,
  trx: Transaction<Database>,
  doctorId: number,
  starts: readonly Date[],
  { passOver }: { passOver?: number } = {},
): Promise<OfferChange[]> {
  const now = services.now();
  const future = starts.filter((start) => start.getTime() > now.getTime());
  if (future.length === 0) return [];
  await holdWaitlist(trx);
  const doctor = await findUserById(trx, doctorId);
  if (!doctor || doctor.role !== "doctor" || doctor.deactivatedAt) return [];
  const zone = services.config.clinicTimeZone;
  const hours = await workingHoursOf(services, trx, doctorId);
  const isos = future.map((start) => start.toISOString());
  // An hour an offer holds already, or a couple's or group's session still holds, is not free.
  const held = new Set([...(await openOffersAt(trx, doctorId, isos)).map((offer) => offer.startTime), ...(await partyHoursAmong(trx, doctorId, isos))]);
  const made: OfferChange[] = [];
  for (const start of future) {
    const startTime = start.toISOString();
    if (!isBookableStart(start, hours, zone) || held.has(startTime)) continue;
    if ((await scheduledIdsAt(trx, { doctorId }, startTime)).length > 0) continue;
    const candidates = await waitlistCandidates(trx, { doctorId, start: startTime, date: calendarDateIn(start, zone) });
    const next = candidates.find((candidate) => candidate.patientId !== passOver && suits(candidate.times, start, zone));
    if (!next) continue;
    // Held for the setting's minutes, and never past the hour's own start.
    const expiresAt = new Date(Math.min(now.getTime() + services.config.waitlistHoldMs, start.getTime())).toISOString();
    const offerId = await insertWaitlistOffer(trx, {
      entryId: next.id,
      patientId: next.patientId,
      doctorId,
      startTime,
      offeredAt: now.toISOString(),
      expiresAt,
    });
    await enqueueNotices(services, trx, [
      { kind: "waitlist_offer", userId: next.patientId, params: { offerId, startTime, expiresAt, clinicianName: clinicianNameOf(doctor) } },
    ]);
    await recordAudit(
      services,
      { actorId: null, action: "waitlist.offer", outcome: "success", targetType: "waitlist_entry", targetId: next.id, details: { offerId, doctorId } },
      trx,
    );
    made.push({ offerId, patientId: next.patientId });
  }
  return made;
}

export const NO_SUCH_OFFER = "No such offer.";

const RAN_OUT = "This offer's hold has run out, so the time is no longer held for you. You are still on the waitlist.";

/** Why an offer can no longer be answered, as its patient is told (409); still "open" is one whose hold ran out before the sweep came. */
export function offerGone(offer: Pick<WaitlistOfferRow, "status">): AppError {
  const reasons: Record<WaitlistOfferRow["status"], string> = {
    open: RAN_OUT,
    expired: RAN_OUT,
    accepted: "You have already accepted this offer: the appointment is in your appointments.",
    declined: "You have already declined this offer.",
    withdrawn: "Sorry, this time was booked by someone else before you answered. You are still on the waitlist.",
  };
  return new AppError("CONFLICT", reasons[offer.status]);
}

/** A booking's sessions (one, or a series'), each with its hour. */
interface BookedHours {
  doctorId: number;
  /** The patient booked; null for a doctor's group set at the hours (no one's place yet). */
  patientId: number | null;
  clinicianName: string;
  sessions: readonly { startTime: string; appointmentId?: number }[];
  /** The offer a single booking accepts. */
  acceptingOfferId?: number;
}

/**
 * What a booking of a doctor's hours does to the offers holding them, in the booking's transaction.
 * Accepting an offer (`acceptingOfferId`) must find it open and unexpired, or the booking is undone
 * (409). A direct booking by the person offered an hour counts as their acceptance; by anyone else
 * it withdraws the offer with an apology (an offer already run out just expires: no apology owed).
 * A booking of hours no offer holds (nearly every booking) reads the index once and takes no lock.
 */
export async function settleBookedHours(services: OfferServices, trx: Transaction<Database>, booked: BookedHours): Promise<OfferChange[]> {
  const starts = booked.sessions.map((session) => session.startTime);
  if (booked.acceptingOfferId === undefined && (await openOffersAt(trx, booked.doctorId, starts)).length === 0) return [];
  await holdWaitlist(trx);
  const at = services.now().toISOString();
  // Read again under the lock: an answer or the sweep may have closed one since.
  const offers = await openOffersAt(trx, booked.doctorId, starts);
  if (booked.acceptingOfferId !== undefined) {
    const offer = offers.find((open) => open.id === booked.acceptingOfferId);
    const appointmentId = booked.sessions.find((session) => session.startTime === offer?.startTime)?.appointmentId;
    const accepted =
      offer && appointmentId !== undefined && (await closeWaitlistOffer(trx, offer.id, { status: "accepted", at, unexpiredAt: at, appointmentId }));
    if (!accepted) throw offerGone(offer ?? { status: "expired" });
  }
  const changes: OfferChange[] = [];
  for (const offer of offers) {
    changes.push({ offerId: offer.id, patientId: offer.patientId });
    if (offer.patientId === booked.patientId) {
      const appointmentId = booked.sessions.find((session) => session.startTime === offer.startTime)?.appointmentId;
      if (appointmentId === undefined) throw new Error(`the booking of offer ${offer.id}'s hour names no appointment`);
      if (offer.id !== booked.acceptingOfferId) await closeWaitlistOffer(trx, offer.id, { status: "accepted", at, appointmentId });
      await endWaitlistEntry(trx, offer.entryId, at, "booked");
      continue;
    }
    const stillHeld = offer.expiresAt > at;
    await closeWaitlistOffer(trx, offer.id, { status: stillHeld ? "withdrawn" : "expired", at });
    if (stillHeld) {
      await enqueueNotices(services, trx, [
        {
          kind: "waitlist_offer_withdrawn",
          userId: offer.patientId,
          params: { offerId: offer.id, startTime: offer.startTime, clinicianName: booked.clinicianName },
        },
      ]);
    }
  }
  return changes;
}

/**
 * Closes an open offer (declined, expired, or its entry left) and offers the hour to the next
 * person. False if it was no longer open (or, when `unexpired`, its hold had run out).
 */
export async function moveOfferOn(
  services: OfferServices,
  trx: Transaction<Database>,
  offer: WaitlistOfferRow,
  status: "declined" | "expired",
  { unexpired = false }: { unexpired?: boolean } = {},
): Promise<OfferChange[] | false> {
  await holdWaitlist(trx);
  const at = services.now().toISOString();
  if (!(await closeWaitlistOffer(trx, offer.id, { status, at, ...(unexpired ? { unexpiredAt: at } : {}) }))) return false;
  const next = await offerFreedHours(services, trx, offer.doctorId, [new Date(offer.startTime)]);
  return [{ offerId: offer.id, patientId: offer.patientId }, ...next];
}

/** Offers their patient can no longer take (their entry left, their account deactivated): each goes to the next person. */
export async function passOnOffers(services: OfferServices, trx: Transaction<Database>, offers: readonly WaitlistOfferRow[]): Promise<OfferChange[]> {
  const moved: OfferChange[] = [];
  for (const offer of offers) {
    const next = await moveOfferOn(services, trx, offer, "declined");
    if (next) moved.push(...next);
  }
  return moved;
}
