// Builds the whole server as one Fastify instance: tests call buildApp() and use inject();
// server.ts calls it and listens.
import { fileURLToPath } from "node:url";
import type { DatabaseHandle } from "@halcyon/db";
import type { AuditSink } from "@halcyon/domain";
import Fastify, { type FastifyInstance } from "fastify";
import type { DestinationStream } from "pino";
import type { Env } from "./env";
import { sendError } from "./errors";
import { loggerOptions } from "./logger";
import auditCheckpointsPlugin from "./plugins/audit-checkpoints";
import databasePlugin from "./plugins/database";
import refusalAuditPlugin from "./plugins/refusal-audit";
import requestContextPlugin from "./plugins/request-context";
import securityPlugin from "./plugins/security";
import { adminDownloadRoutes } from "./routes/admin-downloads";
import { attachmentRoutes } from "./routes/attachments";
import { calendarFeedRoutes } from "./routes/calendar-feed";
import { patientRecordRoutes } from "./routes/patient-record";
import { healthRoutes } from "./routes/health";
import { restRoutes } from "./routes/rest";
import { trpcRoutes } from "./routes/trpc";
import { webRoutes } from "./routes/web";
import { websocketRoutes } from "./routes/websocket";

export const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  env: Env;
  /** A database opened by the caller (tests); otherwise the env decides. */
  database?: DatabaseHandle;
  /** The clock; tests move it to check session expiry. */
  now?: () => Date;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** Replaces the audit log (benchmarks measure what auditing costs). */
  audit?: AuditSink;
}

export async function buildApp({ env, database, now, logStream, audit }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(env, logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    // The database plugin migrates (and, outside production, seeds the demo, sealing its members'
    // keys with 210,000 PBES2 iterations each): on a busy machine that outlasts Fastify's 10 s.
    pluginTimeout: 120_000,
    trustProxy: env.TRUST_PROXY,
    // Requests in flight finish on close; idle keep-alive sockets do not hold shutdown up.
    forceCloseConnections: "idle",
    // tRPC batches name every procedure in one path segment ("/trpc/a.list,b.summary,…"); the
    // default 100-character limit would answer a page's batched reads with 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
  });

  app.setErrorHandler((error, _request, reply) => sendError(app, reply, error));

  // While shutting down, answers still in flight tell keep-alive clients to hang up, so the
  // server is not held open by connections that would otherwise idle for a minute.
  let closing = false;
  app.addHook("preClose", async () => void (closing = true));
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });

  await app.register(databasePlugin, { env, ...(database ? { database } : {}), ...(now ? { now } : {}), ...(audit ? { audit } : {}) });
  await app.register(auditCheckpointsPlugin);
  await app.register(refusalAuditPlugin);
  await app.register(securityPlugin, { env });
  await app.register(requestContextPlugin, { env });
  await app.register(healthRoutes);
  await app.register(trpcRoutes);
  await app.register(restRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(adminDownloadRoutes);
  await app.register(attachmentRoutes);
  await app.register(patientRecordRoutes);
  await app.register(websocketRoutes, { env });
  await app.register(webRoutes, { webDist: env.WEB_DIST ?? fileURLToPath(new URL("../../web/dist", import.meta.url)) });
  return app;
}
