// Runs the nightly collection of saved cards (packages/domain/src/payments/card-collection.ts)
// every few minutes: before the clinic's collection hour it does nothing, and once a night's
// charges exist, a later run (or another instance's) finds them and charges nothing. A run never
// overlaps the last, and shutdown waits for the one under way.
import { collectSavedCards } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const COLLECTION_SCAN_MS = 10 * 60_000;

export default fp(
  async (app: FastifyInstance) => {
    if (!app.clinic.cards) return;
    let running: Promise<void> | undefined;
    const scan = () => {
      if (running) return;
      running = collectSavedCards(app.clinic)
        .then(({ night, charged, failed }) => {
          if (charged + failed > 0) app.log.info({ night, charged, failed }, "saved cards charged for the night");
        })
        .catch((error: unknown) => app.log.error({ err: error }, "could not charge the night's saved cards"))
        .finally(() => (running = undefined));
    };
    const timer = setInterval(scan, COLLECTION_SCAN_MS).unref();
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: "collection-scheduler", dependencies: ["database"] },
);
