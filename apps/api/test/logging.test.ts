import { Writable } from "node:stream";
import { createUser } from "@halcyon/domain";
import { describeEachDatabase } from "@halcyon/db/testing";
import { expect, it } from "vitest";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";
import { TEST_ENV } from "./helper";

describeEachDatabase("logs", (database) => {
  it("are JSON and never contain passwords, session ids or cookies", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const env = parseEnv({ NODE_ENV: "development", LOG_LEVEL: "trace", SEED_DEMO: "false", WEB_DIST: "/nonexistent", SECRETS_KEY: TEST_ENV.SECRETS_KEY! });
    const app = await buildApp({ env, database: database(), logStream: stream });
    let sessionId = "";
    try {
      await createUser(app.clinic, {
        username: "logged",
        password: "secret-tide-pool-7",
        role: "patient",
        firstName: "Lo",
        lastName: "Gan",
        phoneNumber: "(555) 101-0101",
        dateOfBirth: "1990-01-01",
      });
      const login = await app.inject({ method: "POST", url: "/api/login", payload: { username: "logged", password: "secret-tide-pool-7" } });
      sessionId = login.cookies.find((c) => c.name === "halcyon_session")!.value;
      await app.inject({ method: "GET", url: "/api/user?token=private-feed-token", headers: { cookie: `halcyon_session=${sessionId}` } });
      app.log.info({ password: "secret-tide-pool-7", content: "I feel anxious", sessionNotes: "notes" }, "careless log line");
    } finally {
      await app.close();
    }
    const all = lines.join("");
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(all).not.toContain("secret-tide-pool-7");
    expect(all).not.toContain("I feel anxious");
    expect(all).not.toContain("private-feed-token");
    expect(sessionId.length).toBeGreaterThan(20);
    expect(all).not.toContain(sessionId);
    expect(all).toContain("/api/user");
  });
});
