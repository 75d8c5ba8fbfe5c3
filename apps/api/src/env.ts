// The server's whole configuration, read once from the environment and validated; a bad value
// stops the start with a message naming the variable.
import { resolve } from "node:path";
import { isTimeZone } from "@halcyon/domain/schemas";
import { z } from "zod";

const iceServerSchema = z.object({
  urls: z.union([z.string().regex(/^(stuns?|turns?):/, "use stun:, stuns:, turn: or turns: URLs"), z.array(z.string().regex(/^(stuns?|turns?):/)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"], { error: "use true or false" })
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

const positiveNumber = z.coerce.number({ error: "use a number" }).positive("must be above zero");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number({ error: "use a port number" }).int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "use a postgres:// or postgresql:// URL")
    .optional(),
  PUBLIC_ORIGIN: z
    .url({ error: "use an origin such as https://clinic.example.com" })
    .transform((value) => new URL(value).origin)
    .optional(),
  CLINIC_NAME: z.string().min(1).max(80).default("Halcyon"),
  CLINIC_TIMEZONE: z.string().default("America/New_York").refine(isTimeZone, "use an IANA time zone such as America/New_York"),
  /**
   * Seed the demo clinic into an empty database: on by default outside production. In production
   * an empty database is never seeded (plugins/database.ts refuses to start instead).
   */
  SEED_DEMO: booleanFlag.optional(),
  /**
   * Doctors and admins must sign in in two steps: on by default in production. An admin can change
   * it under System Settings; the saved setting wins.
   */
  REQUIRE_STAFF_TWO_STEP: booleanFlag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_IDLE_MINUTES: positiveNumber.default(30),
  SESSION_ABSOLUTE_HOURS: positiveNumber.default(12),
  /** A patient's cancellation this many hours before the session or later is recorded as late. */
  CANCELLATION_WINDOW_HOURS: z.coerce.number({ error: "use a number of hours" }).min(0, "must be 0 or more").default(24),
  /** Set when a reverse proxy in front of the app sets X-Forwarded-For. */
  TRUST_PROXY: booleanFlag.default(false),
  /** The audit chain's key, as 64 hex digits; by default generated into DATA_DIR/audit.key. */
  AUDIT_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "use 64 hexadecimal digits (32 random bytes, e.g. from `openssl rand -hex 32`)")
    .transform((hex) => Buffer.from(hex, "hex"))
    .optional(),
  /** STUN and TURN servers for video visits, as a JSON list of RTCIceServer ({ urls, username?, credential? }). */
  ICE_SERVERS: z
    .string()
    .transform((text, check) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        check.addIssue({ code: "custom", message: 'use a JSON list such as [{"urls":"stun:stun.example.org:3478"}]' });
        return z.NEVER;
      }
    })
    .pipe(z.array(iceServerSchema, { error: 'use a JSON list such as [{"urls":"stun:stun.example.org:3478"}]' }))
    .default([]),
  /** A TURN server in use-auth-secret mode (coturn): its URLs, comma-separated, and its shared secret. */
  TURN_URLS: z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^turns?:/, "use turn: or turns: URLs")).min(1))
    .optional(),
  TURN_SECRET: z.string().min(16, "use a secret of at least 16 characters").optional(),
  /** The built web app; defaults to apps/web/dist beside this package. */
  WEB_DIST: z.string().optional(),
});

export type Env = ReturnType<typeof parseEnv>;

const TURN_PAIR = "set TURN_URLS and TURN_SECRET together";

export function parseEnv(source: Record<string, string | undefined> = process.env) {
  // Empty variables count as unset, as in most shells' `VAR= command`.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const env = result.data;
  if ((env.TURN_URLS === undefined) !== (env.TURN_SECRET === undefined)) throw new Error(`Invalid environment:\n  TURN_URLS, TURN_SECRET: ${TURN_PAIR}`);
  // pnpm runs scripts inside the package; INIT_CWD is where the person typed the command.
  const invokedFrom = source.INIT_CWD ?? process.cwd();
  return {
    ...env,
    DATA_DIR: resolve(invokedFrom, env.DATA_DIR ?? "data"),
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== "production",
    REQUIRE_STAFF_TWO_STEP: env.REQUIRE_STAFF_TWO_STEP ?? env.NODE_ENV === "production",
  };
}
