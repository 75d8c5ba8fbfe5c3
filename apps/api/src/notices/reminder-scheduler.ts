// Runs the reminder scheduler (packages/domain/src/appointments/reminders.ts) twice a minute, so a
// session booked inside a lead time, or a lead an admin lengthened, gets its reminder within a
// minute. Every instance runs it: on PostgreSQL with several, the reminders' dedupe keys make each
// exist once. A run never overlaps the last, and shutdown waits for the one under way.
import { enqueueDueReminders } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const REMINDER_SCAN_MS = 30_000;

export default fp(
  async (app: FastifyInstance) => {
    let running: Promise<void> | undefined;
    const scan = () => {
      if (running) return;
      running = enqueueDueReminders(app.clinic, app.clinic.now())
        .then((written) => {
          if (written > 0) app.log.info({ reminders: written }, "reminders written to the outbox");
        })
        .catch((error: unknown) => app.log.error({ err: error }, "could not write the due reminders"))
        .finally(() => (running = undefined));
    };
    const timer = setInterval(scan, REMINDER_SCAN_MS).unref();
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: "reminder-scheduler", dependencies: ["database"] },
);
