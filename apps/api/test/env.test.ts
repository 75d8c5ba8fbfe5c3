import { describe, expect, it } from "vitest";
import { parseEnv } from "../src/env";

describe("configuration", () => {
  it("has working defaults", () => {
    const env = parseEnv({ INIT_CWD: "/srv/halcyon" });
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("/srv/halcyon/data");
    expect(env.CLINIC_TIMEZONE).toBe("America/New_York");
    expect(env.SEED_DEMO).toBe(true);
    expect(env.SESSION_IDLE_MINUTES).toBe(30);
    expect(env.SESSION_ABSOLUTE_HOURS).toBe(12);
    expect(env.SIGN_INS_AT_ONCE_PER_ADDRESS).toBe(4);
    expect(env.MAIL_SENDS_PER_SECOND).toBe(150);
  });

  it("turns the demo seed off in production (asking for it there is refused at start: production-start.test.ts)", () => {
    expect(parseEnv({ NODE_ENV: "production" }).SEED_DEMO).toBe(false);
    expect(parseEnv({ NODE_ENV: "development", SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
  });

  it("stops with a message naming each bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty", CLINIC_TIMEZONE: "Mars/Olympus", DATABASE_URL: "mysql://x" })).toThrow(
      /PORT: use a port number[\s\S]*DATABASE_URL: use a postgres[\s\S]*CLINIC_TIMEZONE: use an IANA time zone/,
    );
    expect(() => parseEnv({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO: use true or false/);
    expect(() => parseEnv({ PUBLIC_ORIGIN: "clinic" })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => parseEnv({ SIGN_INS_AT_ONCE_PER_ADDRESS: "0" })).toThrow(/SIGN_INS_AT_ONCE_PER_ADDRESS: use at least 1/);
  });

  it("takes a text provider's three variables together, each checked, or none", () => {
    const twilio = { TWILIO_ACCOUNT_SID: `AC${"ab".repeat(16)}`, TWILIO_AUTH_TOKEN: "0123456789abcdef0123", TWILIO_FROM: "+15551234567" };
    expect(parseEnv(twilio)).toMatchObject(twilio);
    expect(parseEnv({ ...twilio, TWILIO_FROM: `MG${"cd".repeat(16)}` }).TWILIO_FROM).toMatch(/^MG/);
    expect(() => parseEnv({ TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID })).toThrow(/set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM together/);
    expect(() => parseEnv({ ...twilio, TWILIO_ACCOUNT_SID: "SK123" })).toThrow(/TWILIO_ACCOUNT_SID: use the account SID/);
    expect(() => parseEnv({ ...twilio, TWILIO_FROM: "555-1234" })).toThrow(/TWILIO_FROM: use a phone number with its country code/);
  });

  it("takes Stripe's secret key and webhook secret together, each checked, or neither (payments by hand only)", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_live_51AbCdEfGh0123456789", STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdefABCDEF" };
    expect(parseEnv(stripe)).toMatchObject(stripe);
    expect(parseEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => parseEnv({ STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY })).toThrow(/set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together/);
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: stripe.STRIPE_WEBHOOK_SECRET })).toThrow(/set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together/);
    expect(() => parseEnv({ ...stripe, STRIPE_SECRET_KEY: "pk_live_51AbCdEfGh0123456789" })).toThrow(/STRIPE_SECRET_KEY: use the secret key/);
    expect(() => parseEnv({ ...stripe, STRIPE_WEBHOOK_SECRET: "0123456789abcdef" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: use the webhook endpoint's signing secret/,
    );
    expect(parseEnv({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:12111" }).STRIPE_API_URL).toBe("http://127.0.0.1:12111");
    expect(() => parseEnv({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:12111", NODE_ENV: "production" })).toThrow(/STRIPE_API_URL: only for a stand-in/);
  });

  it("trusts X-Forwarded-For only from a number of proxies or from named addresses, and refuses to trust anyone's", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.2, 10.1.0.0/16,fd00::/8,loopback" }).TRUST_PROXY).toEqual(["10.0.0.2", "10.1.0.0/16", "fd00::/8", "loopback"]);
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: `true` would take any X-Forwarded-For .* give the number of proxies/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33,proxy.local" })).toThrow(/TRUST_PROXY: "10.0.0.0\/33", "proxy.local": use a number of proxies/);
  });
});
