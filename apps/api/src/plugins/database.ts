// Opens the clinic database (or adopts one handed in by a test), brings it up to date, seeds the
// demo clinic when asked, builds the clinic's services with their event bus, and closes it all
// when the server closes.
import { join } from "node:path";
import { connect, migrateToLatest, type DatabaseHandle } from "@halcyon/db";
import {
  accountsWithDemoPasswords,
  createClinicServices,
  DEFAULT_CLINIC_CONFIG,
  isEmptyClinic,
  loadSettings,
  sealPlainTotpSecrets,
  seedDemoClinic,
  type AuditSink,
  type ClinicServices,
  wrapLegacyVerifiers,
} from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { loadAuditKey, loadSecretsKey } from "../audit-key";
import type { Env } from "../env";
import { startCareSweeps } from "../notices/care-scheduler";
import { createEventBus } from "../realtime/event-bus";

/** How often refusal counts whose minute is up are written (see domain/src/audit/refusals.ts). */
const REFUSAL_SWEEP_MS = 10_000;

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseHandle;
    clinic: ClinicServices;
  }
}

export interface DatabasePluginOptions {
  env: Env;
  /** A database opened by the caller (tests); it is migrated but left open on close. */
  database?: DatabaseHandle;
  now?: () => Date;
  audit?: AuditSink;
  /** Whether the minute's sweeps run (buildApp's `sweeps`). */
  sweeps: boolean;
}

/** A start refused for a reason the person starting the server can act on; server.ts prints its message alone. */
export class StartRefused extends Error {
  override name = "StartRefused";
}

/**
 * Seeds the demo clinic into an empty database, outside production. Its passwords are published,
 * so production refuses an empty database rather than seed it; one that already has its people
 * has nothing to seed, and starts.
 */
async function seedOutsideProduction(app: FastifyInstance, env: Env, services: ClinicServices): Promise<void> {
  if (env.NODE_ENV !== "production") {
    if (await seedDemoClinic(services)) app.log.info("seeded the demo clinic");
  } else if (await isEmptyClinic(services)) {
    throw new StartRefused(
      "Refusing to seed the demo clinic with NODE_ENV=production (SEED_DEMO=true): its passwords are published. " +
        "Try it with NODE_ENV=development, or start without SEED_DEMO and create the first admin with `pnpm clinic create-user`.",
    );
  }
}

/** In production, no account may keep the demo clinic's published password. */
async function refuseDemoPasswords(services: ClinicServices): Promise<void> {
  const accounts = await accountsWithDemoPasswords(services);
  if (accounts.length === 0) return;
  throw new StartRefused(
    `Refusing to start with NODE_ENV=production: ${accounts.length === 1 ? "this account still has its" : "these accounts still have their"} published demo password: ${accounts.join(", ")}. ` +
      "Give each a password of its own (`pnpm clinic reset-password --username U --password P`), then start again.",
  );
}

/** The origin of links sent outside the app: PUBLIC_ORIGIN, else this server as its own machine reaches it. */
export function publicOrigin(env: Env): string {
  return env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`;
}

/** The SQLite file the server and the CLI use when DATABASE_URL is not set. */
export function sqliteFile(env: Env): string {
  return join(env.DATA_DIR, "halcyon.db");
}

export function openDatabase(env: Env): DatabaseHandle {
  const auditKey = loadAuditKey(env);
  return env.DATABASE_URL ? connect({ kind: "postgres", url: env.DATABASE_URL, auditKey }) : connect({ kind: "sqlite", file: sqliteFile(env), auditKey });
}

export default fp<DatabasePluginOptions>(
  async (app, { env, database, now, audit, sweeps }) => {
    const handle = database ?? openDatabase(env);
    // Fastify runs onClose hooks last-added first: added first, the database closes after every
    // hook below (and every later plugin's) has written what it must.
    if (!database) app.addHook("onClose", () => handle.close());
    await migrateToLatest(handle);
    const events = await createEventBus(handle, app.log);
    app.addHook("onClose", () => events.close());
    const services = createClinicServices({
      database: handle,
      secretsKey: loadSecretsKey(env),
      config: {
        ...DEFAULT_CLINIC_CONFIG,
        clinicName: env.CLINIC_NAME,
        clinicTimeZone: env.CLINIC_TIMEZONE,
        publicOrigin: publicOrigin(env),
        session: {
          idleTimeoutMs: env.SESSION_IDLE_MINUTES * 60_000,
          absoluteLifetimeMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
        },
        cancellationWindowMs: env.CANCELLATION_WINDOW_HOURS * 3_600_000,
        passwordKdf: { ...DEFAULT_CLINIC_CONFIG.passwordKdf, memoryKiB: env.PASSWORD_KDF_MEMORY_KIB },
        signInsAtOncePerAddress: env.SIGN_INS_AT_ONCE_PER_ADDRESS,
        requireStaffTwoStep: env.REQUIRE_STAFF_TWO_STEP,
        video: { iceServers: env.ICE_SERVERS, turn: env.TURN_URLS && env.TURN_SECRET ? { urls: env.TURN_URLS, secret: env.TURN_SECRET } : null },
        textMessages: env.TWILIO_ACCOUNT_SID !== undefined,
        cardPayments:
          env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
            ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL ?? null }
            : null,
      },
      events,
      ...(now ? { now } : {}),
      ...(audit ? { audit } : {}),
    });
    // Refusal counts are written as their minute ends, and at shutdown before the database closes.
    const sweep = setInterval(
      () => void services.refusals.sweep().catch((error: unknown) => app.log.error({ err: error }, "could not audit refused requests")),
      REFUSAL_SWEEP_MS,
    );
    sweep.unref();
    app.addHook("onClose", async () => {
      clearInterval(sweep);
      await services.refusals.flush();
    });
    if (sweeps) startCareSweeps(app, services);
    // Authenticator secrets from before they were sealed are sealed now, before the first request.
    const sealed = await sealPlainTotpSecrets(services);
    if (sealed > 0) app.log.info({ sealed }, "sealed the authenticator secrets stored in the clear");
    // Before anything is served: no pre-split hash stays in a form whose stolen bytes would sign in.
    const wrapped = await wrapLegacyVerifiers(services);
    if (wrapped > 0) app.log.info({ wrapped }, "wrapped the verifiers of members not yet signed in since the split of the password's secrets");
    // Settings an admin saved override the environment's, now and whenever any instance changes them.
    await loadSettings(services);
    const unsubscribe = events.subscribe((event) => {
      if (event.type === "settings_changed") void loadSettings(services).catch((error: unknown) => app.log.error({ err: error }, "could not reload settings"));
    });
    app.addHook("onClose", async () => unsubscribe());
    if (env.SEED_DEMO) await seedOutsideProduction(app, env, services);
    if (env.NODE_ENV === "production") await refuseDemoPasswords(services);
    app.decorate("database", handle);
    app.decorate("clinic", services);
  },
  { name: "database" },
);
