// The server's whole configuration, read once from the environment and validated; a bad value
// stops the start with a message naming the variable.
import { isIP } from "node:net";
import { resolve } from "node:path";
import { undiscreetFragments } from "@halcyon/domain";
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

/** The names proxy-addr (Fastify's trustProxy) knows for whole ranges of addresses. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a CIDR range (10.0.0.0/8, fd00::/8) or one of proxy-addr's names for ranges. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const TRUST_ANY_PROXY =
  "`true` would take any X-Forwarded-For a client sends as its address (so per-address limits could be dodged): give the number of proxies in front of the server (e.g. 1), or their addresses (e.g. 10.0.0.2 or 10.0.0.0/8, comma-separated), or false";

/**
 * Which X-Forwarded-For entries to believe, as Fastify's trustProxy takes it: a hop count (the
 * proxies in front of the server, counted from it), or the proxies' addresses. `true`, which
 * believes every entry, is refused rather than guessed at.
 */
const trustProxySetting = z.string().transform((text, check): false | number | string[] => {
  const value = text.trim().toLowerCase();
  if (["false", "no", "off"].includes(value)) return false;
  if (["true", "yes", "on"].includes(value)) {
    check.addIssue({ code: "custom", message: TRUST_ANY_PROXY });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isProxyAddress(entry));
  if (wrong.length > 0) {
    check.addIssue({
      code: "custom",
      message: `${wrong.map((entry) => `"${entry}"`).join(", ")}: use a number of proxies, or addresses and CIDR ranges such as 10.0.0.2,10.0.0.0/8`,
    });
    return z.NEVER;
  }
  return entries;
});

/** A key of 32 random bytes, written as 64 hex digits. */
const hexKey = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, "use 64 hexadecimal digits (32 random bytes, e.g. from `openssl rand -hex 32`)")
  .transform((hex) => Buffer.from(hex, "hex"));

/** An SMTP server as nodemailer takes it: smtp:// (STARTTLS when offered) or smtps:// (TLS from the start), credentials in the URL. */
const smtpUrl = z
  .string()
  .regex(/^smtps?:\/\/[^/?#]/i, "use an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465")
  .refine((text) => URL.canParse(text), "use an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465");

const MAIL_FROM_FORMAT = 'use an address, optionally with a name: "Halcyon <care@clinic.example.com>" or care@clinic.example.com';

/**
 * The sender of every email: an address, and the name mail apps show beside it. The name is seen
 * on a lock screen, so it obeys the discretion rule: the clinic's name at most, never what it treats.
 */
const mailFrom = z.string().transform((text, check): { name: string | null; address: string } => {
  const match = /^\s*(?:"?([^"<>]*?)"?\s*<([^\s<>@"]+@[^\s<>@"]+\.[^\s<>@"]+)>|([^\s<>@"]+@[^\s<>@"]+\.[^\s<>@"]+))\s*$/.exec(text);
  if (!match) {
    check.addIssue({ code: "custom", message: MAIL_FROM_FORMAT });
    return z.NEVER;
  }
  const name = match[1]?.trim() || null;
  const undiscreet = name ? undiscreetFragments(name) : [];
  if (undiscreet.length > 0) {
    check.addIssue({ code: "custom", message: `the sender's name is seen on lock screens: give the clinic's name only, without "${undiscreet.join('", "')}"` });
    return z.NEVER;
  }
  return { name, address: (match[2] ?? match[3])! };
});

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
  /** Set when reverse proxies in front of the app set X-Forwarded-For: how many, or their addresses. */
  TRUST_PROXY: trustProxySetting.default(false),
  /** The audit chain's key, as 64 hex digits; by default generated into DATA_DIR/audit.key. */
  AUDIT_KEY: hexKey.optional(),
  /**
   * The memory (KiB) of the Argon2id that derives a new member's password secrets: 64 MiB by
   * default (OWASP's and the password managers' figure); the tests lower it to run fast.
   */
  PASSWORD_KDF_MEMORY_KIB: z.coerce
    .number({ error: "use a whole number of KiB" })
    .int("use a whole number of KiB")
    .min(1024, "use at least 1024 KiB")
    .default(65_536),
  /** Sign-ins one address may have in flight at once; more are turned away at once, to try again in a second. */
  SIGN_INS_AT_ONCE_PER_ADDRESS: z.coerce.number({ error: "use a whole number" }).int("use a whole number").min(1, "use at least 1").default(4),
  /** The server's secrets key, as 64 hex digits; by default generated into DATA_DIR/secrets.key. */
  SECRETS_KEY: hexKey.optional(),
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
  /**
   * Text messages (Twilio): the account's SID and auth token, and the number (E.164) or
   * messaging service (MG…) texts come from. All three, or none: without them no text is offered.
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, "use the account SID from the Twilio console: AC and 32 hexadecimal digits")
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, "use the auth token from the Twilio console").optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/, "use a phone number with its country code, such as +15551234567, or a messaging service SID (MG…)")
    .optional(),
  /** Where email is sent (issue 34); without it nothing is sent and notices are marked not sent. */
  SMTP_URL: smtpUrl.optional(),
  /** Who email is from; by default the clinic's name at no-reply@ the public origin's host. */
  MAIL_FROM: mailFrom.optional(),
  /**
   * Emails started in a second, at most: a burst (a minute's reminders) is spread out instead of
   * taking the server's CPU from requests, and kept under what the mail provider accepts.
   */
  MAIL_SENDS_PER_SECOND: z.coerce.number({ error: "use a number of emails a second" }).positive("use a number above 0").default(150),
  /**
   * Card payments (Stripe): the account's secret key and the signing secret of its webhook
   * endpoint (POST /api/payments/stripe/webhook). Both, or neither: without them the clinic takes
   * payments by hand only.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[0-9A-Za-z]{8,}$/, "use the secret key from the Stripe dashboard: sk_live_… (or sk_test_…, or a restricted rk_… key)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[0-9A-Za-z+/=]{8,}$/, "use the webhook endpoint's signing secret from the Stripe dashboard: whsec_…")
    .optional(),
  /**
   * Where the Stripe library sends its requests instead of api.stripe.com (a stand-in such as
   * stripe-mock, or the tests' own server); never set in production.
   */
  STRIPE_API_URL: z
    .url({ error: "use a URL such as http://127.0.0.1:12111" })
    .regex(/^https?:\/\//, "use an http:// or https:// URL")
    .optional(),
  /** The built web app; defaults to apps/web/dist beside this package. */
  WEB_DIST: z.string().optional(),
});

export type Env = ReturnType<typeof parseEnv>;

const TURN_PAIR = "set TURN_URLS and TURN_SECRET together";
const TWILIO_TRIO = "set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together, or none of them";
const STRIPE_PAIR = "set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together, or neither (payments by hand only)";
const STRIPE_API_IN_PRODUCTION = "only for a stand-in of Stripe's API (tests, stripe-mock): unset it in production";

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
  const twilioSet = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM].filter((value) => value !== undefined).length;
  if (twilioSet !== 0 && twilioSet !== 3) throw new Error(`Invalid environment:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: ${TWILIO_TRIO}`);
  if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined)) {
    throw new Error(`Invalid environment:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: ${STRIPE_PAIR}`);
  }
  if (env.STRIPE_API_URL !== undefined && env.NODE_ENV === "production") throw new Error(`Invalid environment:\n  STRIPE_API_URL: ${STRIPE_API_IN_PRODUCTION}`);
  // pnpm runs scripts inside the package; INIT_CWD is where the person typed the command.
  const invokedFrom = source.INIT_CWD ?? process.cwd();
  return {
    ...env,
    DATA_DIR: resolve(invokedFrom, env.DATA_DIR ?? "data"),
    SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== "production",
    REQUIRE_STAFF_TWO_STEP: env.REQUIRE_STAFF_TWO_STEP ?? env.NODE_ENV === "production",
  };
}
