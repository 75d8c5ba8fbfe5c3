// Looks for the care notices no single change causes (packages/domain/src/notices/care-sweeps.ts),
// waitlist offers whose hold ran out (packages/domain/src/waitlist/offer-sweep.ts: the hour moves
// on to the next person) and the billing documents due (Good Faith Estimates, monthly superbills:
// packages/domain/src/billing-documents/) every minute, on every instance: dedupe keys and unique
// rows make each exist once. A sweep still running when
// the next is due is not doubled.
import { expireWaitlistOffers, runBillingDocumentSweeps, runCareSweeps, type ClinicServices } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";

export const CARE_SWEEP_MS = 60_000;

export function startCareSweeps(app: FastifyInstance, services: ClinicServices): void {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = runCareSweeps(services)
      .then(() => expireWaitlistOffers(services))
      .then(() => runBillingDocumentSweeps(services))
      .catch((error: unknown) => app.log.error({ err: error }, "could not look for care notices, waitlist holds or billing documents"))
      .finally(() => {
        running = null;
      });
  }, CARE_SWEEP_MS);
  timer.unref();
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
