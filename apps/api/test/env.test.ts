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
  });
});
