// The admin's downloads, which are files rather than JSON: a consistent snapshot of the database,
// the audit log as CSV, and the clinic's receivables as CSV.
import { createReadStream, type ReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AppError, auditLogCsv, parseClientInput, receivablesCsv, recordAudit } from "@halcyon/domain";
import { auditLogInputSchema } from "@halcyon/domain/schemas";
import type { FastifyInstance } from "fastify";
import { guardedDoor } from "./guarded-door";

const ADMINS = ["admin"] as const;
const stamp = (date: Date) => date.toISOString().replace(/[:.]/g, "-");

export async function adminDownloadRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    "/api/admin/backup",
    guardedDoor(app, "admin.backup", ADMINS, async (ctx, _request, reply) => {
      if (app.database.kind === "postgres") {
        throw new AppError(
          "CONFLICT",
          'This clinic runs on PostgreSQL, which is backed up with its own tools: run pg_dump against DATABASE_URL (for example `pg_dump --format=custom "$DATABASE_URL" > halcyon.dump`) on a schedule, and keep the dumps off this server.',
        );
      }
      const audit = (outcome: "success" | "failure", details?: Record<string, unknown>) =>
        recordAudit(ctx, { actorId: ctx.user.id, action: "admin.backup", outcome, request: ctx.request, ...(details ? { details } : {}) });
      const dir = await mkdtemp(join(tmpdir(), "halcyon-backup-"));
      const file = join(dir, "halcyon.db");
      let stream: ReadStream;
      try {
        try {
          // A consistent copy from one read transaction, while the clinic keeps reading and writing.
          await app.database.backupTo(file);
        } catch (error) {
          await audit("failure", { reason: "the copy could not be made" });
          throw error;
        }
        await audit("success", { bytes: (await stat(file)).size });
        stream = createReadStream(file);
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        throw error;
      }
      // The copy is removed once sent, or once the download ends early.
      stream.on("close", () => void rm(dir, { recursive: true, force: true }));
      return reply
        .type("application/vnd.sqlite3")
        .header("content-disposition", `attachment; filename="halcyon-${stamp(ctx.now())}.db"`)
        .send(stream);
    }),
  );

  app.get(
    "/api/admin/audit-log.csv",
    guardedDoor(app, "admin.auditLogCsv", ADMINS, async (ctx, request, reply) => {
      const filter = parseClientInput(auditLogInputSchema, request.query);
      const csv = await auditLogCsv(ctx, filter);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="halcyon-audit-${stamp(ctx.now())}.csv"`)
        .send(csv);
    }),
  );

  app.get(
    "/api/billing/receivables.csv",
    guardedDoor(app, "billing.receivablesCsv", ADMINS, async (ctx, _request, reply) => {
      const csv = await receivablesCsv(ctx);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="halcyon-receivables-${stamp(ctx.now())}.csv"`)
        .send(csv);
    }),
  );
}
