// The waitlist's part of the minute sweep (apps/api/src/notices/care-scheduler.ts): offers whose
// hold ran out expire, and each hour goes to the next person. Any instance may run it at once with
// another: an offer closes only from "open", once, under the waitlist lock.
import { expiredOpenOffers } from "@halcyon/db";
import type { ClinicServices } from "../context";
import { announceOfferChanges, moveOfferOn, type OfferChange } from "./offers";

/** Offers expired per sweep at most; the next minute takes the rest. */
const EXPIRIES_PER_SWEEP = 200;

export async function expireWaitlistOffers(services: Pick<ClinicServices, "db" | "config" | "now" | "audit" | "outbox" | "events">): Promise<void> {
  const due = await expiredOpenOffers(services.db, services.now().toISOString(), EXPIRIES_PER_SWEEP);
  for (const offer of due) {
    const changes: OfferChange[] | false = await services.db.transaction().execute((trx) => moveOfferOn(services, trx, offer, "expired"));
    if (changes) announceOfferChanges(services, changes);
  }
}
