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
import reminderSchedulerPlugin from "./notices/reminder-scheduler";
import collectionSchedulerPlugin from "./payments/collection-scheduler";
import auditCheckpointsPlugin from "./plugins/audit-checkpoints";
import databasePlugin from "./plugins/database";
import noticesPlugin, { type NoticesPluginOptions } from "./plugins/notices";
import refusalAuditPlugin from "./plugins/refusal-audit";
import requestContextPlugin from "./plugins/request-context";
import securityPlugin from "./plugins/security";
import { adminDownloadRoutes } from "./routes/admin-downloads";
import { attachmentRoutes } from "./routes/attachments";
import { calendarFeedRoutes } from "./routes/calendar-feed";
import { patientRecordRoutes } from "./routes/patient-record";
import { billingDocumentRoutes } from "./routes/billing-documents";
import { healthRoutes } from "./routes/health";
import { noticeReplyRoutes } from "./routes/notice-replies";
import { restRoutes } from "./routes/rest";
import { stripeWebhookRoutes } from "./routes/stripe-webhook";
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
  /** The notice worker's transports and timings (tests). */
  notices?: Omit<NoticesPluginOptions, "env">;
  /**
   * The minute's sweeps (care notices, waitlist holds, billing documents), on unless false: a
   * test that compares the whole database before and after a request turns them off, since they
   * write on their own.
   */
  sweeps?: boolean;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function, because Fastify itself now
 * believes no entry for a number (it cannot tell a proxy from a client that writes the header
 * itself): a count is only for a server that nothing but its proxies can reach, as the docs say.
 */
function trustedProxies(setting: Env["TRUST_PROXY"]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}

export async function buildApp({ env, database, now, logStream, audit, notices, sweeps = true }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(env, logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    // The database plugin migrates (and, outside production, seeds the demo, sealing its members'
    // keys with 210,000 PBES2 iterations each): on a busy machine that outlasts Fastify's 10 s.
    pluginTimeout: 120_000,
    trustProxy: trustedProxies(env.TRUST_PROXY),
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

  await app.register(databasePlugin, { env, sweeps, ...(database ? { database } : {}), ...(now ? { now } : {}), ...(audit ? { audit } : {}) });
  await app.register(auditCheckpointsPlugin);
  await app.register(reminderSchedulerPlugin);
  await app.register(collectionSchedulerPlugin);
  await app.register(noticesPlugin, { env, ...notices });
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
  await app.register(billingDocumentRoutes);
  await app.register(noticeReplyRoutes, { env });
  await app.register(stripeWebhookRoutes);
  await app.register(websocketRoutes, { env });
  await app.register(webRoutes, { webDist: env.WEB_DIST ?? fileURLToPath(new URL("../../web/dist", import.meta.url)) });
  return app;
}
