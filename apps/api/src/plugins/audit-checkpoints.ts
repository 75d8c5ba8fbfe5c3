// Writes the audit chain's checkpoint (its row count and head) to the structured log every few
// minutes and at shutdown. The log lives apart from the database, so `pnpm clinic audit:verify
// --checkpoint ID:HASH` can tell later whether the newest rows were removed since.
import { auditCheckpoint } from "@halcyon/db";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const EVERY_MS = 5 * 60_000;

export default fp(
  async (app: FastifyInstance) => {
    const log = async () => {
      const checkpoint = await auditCheckpoint(app.database.db);
      if (checkpoint) app.log.info({ auditCheckpoint: { ...checkpoint, verify: `${checkpoint.headId}:${checkpoint.headHash}` } }, "audit checkpoint");
    };
    const report = () => void log().catch((error: unknown) => app.log.error({ err: error }, "could not read the audit checkpoint"));
    const timer = setInterval(report, EVERY_MS).unref();
    // Before the database closes (hooks run in reverse order of registration).
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await log().catch((error: unknown) => app.log.error({ err: error }, "could not read the audit checkpoint"));
    });
  },
  { name: "audit-checkpoints", dependencies: ["database"] },
);
