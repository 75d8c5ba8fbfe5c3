// A patient's offers and their answers. Only the patient offered an hour sees or answers its
// offer (anyone else: 404). Accepting books the hour through the one booking path
// (book-appointment.ts), whose transaction also claims the offer: an offer answered already or
// run out is a 409 and nothing is written. Declining passes the hour to the next person.
import { findUserById, findWaitlistOffer, openOffersOfPatient, type AppointmentView, type User, type WaitlistOfferRow } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { bookAppointment } from "../appointments/book-appointment";
import { SESSION_LENGTH_MS } from "../appointments/slots";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { announceOfferChanges, moveOfferOn, NO_SUCH_OFFER, offerGone } from "./offers";
import type { WaitlistOffer } from "./waitlist.schema";

type Ctx = RequestContext & { user: User };

/** What an appointment booked from an offer is called in the lists (a patient may rename it). */
export const OFFER_TITLE = "Appointment from the waitlist";

async function ownOffer(ctx: Ctx, id: number): Promise<WaitlistOfferRow> {
  const offer = await findWaitlistOffer(ctx.db, id);
  if (!offer || offer.patientId !== ctx.user.id) throw new AppError("NOT_FOUND", NO_SUCH_OFFER);
  return offer;
}

function assertOpen(ctx: Ctx, offer: WaitlistOfferRow): void {
  if (offer.status !== "open" || Date.parse(offer.expiresAt) <= ctx.now().getTime()) throw offerGone(offer);
}

/** The caller's offers still held for them. */
export async function listOwnOffers(ctx: Ctx): Promise<WaitlistOffer[]> {
  const offers = await openOffersOfPatient(ctx.db, ctx.user.id, ctx.now().toISOString());
  return Promise.all(
    offers.map(async (offer) => {
      const doctor = await findUserById(ctx.db, offer.doctorId);
      return {
        id: offer.id,
        entryId: offer.entryId,
        doctorId: offer.doctorId,
        doctorName: doctor ? `${doctor.firstName} ${doctor.lastName}` : "",
        startTime: offer.startTime,
        endTime: new Date(Date.parse(offer.startTime) + SESSION_LENGTH_MS).toISOString(),
        expiresAt: offer.expiresAt,
      };
    }),
  );
}

export async function acceptOffer(ctx: Ctx, id: number): Promise<AppointmentView> {
  const offer = await ownOffer(ctx, id);
  assertOpen(ctx, offer);
  return bookAppointment(
    ctx,
    { doctorId: offer.doctorId, startTime: offer.startTime, title: OFFER_TITLE, ...(offer.serviceId !== null ? { serviceId: offer.serviceId } : {}) },
    { acceptingOfferId: offer.id },
  );
}

export async function declineOffer(ctx: Ctx, id: number): Promise<void> {
  const offer = await ownOffer(ctx, id);
  assertOpen(ctx, offer);
  const changes = await ctx.db.transaction().execute(async (trx) => {
    const moved = await moveOfferOn(ctx, trx, offer, "declined", { unexpired: true });
    if (!moved) throw offerGone((await findWaitlistOffer(trx, offer.id)) ?? offer);
    await recordAudit(
      ctx,
      { actorId: ctx.user.id, action: "waitlist.decline", outcome: "success", targetType: "waitlist_offer", targetId: offer.id, request: ctx.request },
      trx,
    );
    return moved;
  });
  announceOfferChanges(ctx, changes);
}
