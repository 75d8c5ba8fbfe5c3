// A failed charge of a saved card, however Halcyon hears of it (the nightly run's own answer from
// Stripe, or Stripe's signed payment_intent.payment_failed event, which follows the same charge):
// the collection is marked failed, and its patient is told through the outbox in the same
// transaction. One notice per collection (its dedupe key), however many times the failure is
// told; none once the collection is paid, whatever order the events come in.
import { updateCollection, type Database, type Transaction } from "@halcyon/db";
import type { ClinicServices } from "../context";
import { enqueueNotices } from "../notices/outbox";

export async function recordFailedCharge(
  services: Pick<ClinicServices, "config" | "now" | "outbox">,
  trx: Transaction<Database>,
  failed: { collectionId: number; paymentIntentId?: string; failureReason: string },
): Promise<void> {
  const patientId = await updateCollection(trx, failed.collectionId, {
    status: "failed",
    ...(failed.paymentIntentId ? { paymentIntentId: failed.paymentIntentId } : {}),
    failureReason: failed.failureReason,
    at: services.now().toISOString(),
  });
  if (patientId === undefined) return;
  await enqueueNotices(services, trx, [
    { kind: "card_payment_failed", userId: patientId, params: {}, dedupeKey: `card-payment-failed:${failed.collectionId}` },
  ]);
}
