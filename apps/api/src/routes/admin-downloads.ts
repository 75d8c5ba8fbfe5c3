// The admin's downloads, which are files rather than JSON: a consistent snapshot of the database
// and the audit log as CSV. Same admin check and audit as the tRPC procedures.
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backupSqlite } from "@halcyon/db";
import { AppError, auditLogCsv, authorizeAdmin, parseClientInput, recordAudit } from "@halcyon/domain";
import { auditLogInputSchema } from "@halcyon/domain/schemas";
import type { FastifyInstance } from "fastify";
import { sendError } from "../errors";

const stamp = (date: Date) => date.toISOString().replace(/[:.]/g, "-");

export async function adminDownloadRoutes(app: FastifyInstance): Promise<void> {
  app.get("/api/admin/backup", async (request, reply) => {
    let dir: string | undefined;
    try {
      const ctx = await authorizeAdmin(await app.createRequestContext(request, reply), "admin.backup");
      if (!app.database.backupTo) {
        throw new AppError(
          "CONFLICT",
          'This clinic runs on PostgreSQL, which is backed up with its own tools: run pg_dump against DATABASE_URL (for example `pg_dump --format=custom "$DATABASE_URL" > halcyon.dump`) on a schedule, and keep the dumps off this server.',
        );
      }
      const audit = (outcome: "success" | "failure", details?: Record<string, unknown>) =>
        recordAudit(ctx, { actorId: ctx.user.id, action: "admin.backup", outcome, request: ctx.request, ...(details ? { details } : {}) });
      dir = await mkdtemp(join(tmpdir(), "halcyon-backup-"));
      const file = join(dir, "halcyon.db");
      try {
        // A consistent copy from one read transaction, while the clinic keeps reading and writing.
        await backupSqlite(app.database, file);
      } catch (error) {
        await audit("failure", { reason: "the copy could not be made" });
        throw error;
      }
      await audit("success", { bytes: (await stat(file)).size });
      const stream = createReadStream(file);
      const made = dir;
      // The copy is removed once sent, or once the download ends early.
      stream.on("close", () => void rm(made, { recursive: true, force: true }));
      dir = undefined;
      return reply
        .type("application/vnd.sqlite3")
        .header("content-disposition", `attachment; filename="halcyon-${stamp(ctx.now())}.db"`)
        .send(stream);
    } catch (error) {
      if (dir) await rm(dir, { recursive: true, force: true });
      return sendError(app, reply, error);
    }
  });

  app.get("/api/admin/audit-log.csv", async (request, reply) => {
    try {
      const ctx = await authorizeAdmin(await app.createRequestContext(request, reply), "admin.auditLogCsv");
      const filter = parseClientInput(auditLogInputSchema, request.query);
      const csv = await auditLogCsv(ctx, filter);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="halcyon-audit-${stamp(ctx.now())}.csv"`)
        .send(csv);
    } catch (error) {
      return sendError(app, reply, error);
    }
  });
}
