// Behind one reverse proxy (TRUST_PROXY=1) the client's address is the entry the proxy added to
// X-Forwarded-For, the last one: whatever a client writes in front of it is not believed, so the
// per-address sign-in throttle cannot be dodged by inventing addresses.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { describeApp } from "./helper";

const PROXY = "10.9.9.9";
const CLIENT = "203.0.113.7";

function guessThroughProxy(app: FastifyInstance, username: string, spoofed: string) {
  return app.inject({
    method: "POST",
    url: "/api/login",
    payload: { username, password: "not-the-password" },
    remoteAddress: PROXY,
    headers: { "x-forwarded-for": `${spoofed}, ${CLIENT}` },
  });
}

describeApp(
  "client addresses behind one proxy",
  (testApp) => {
    it("takes the address the proxy saw, not one the client wrote, in the audit log and in the per-address throttle", async () => {
      const { app } = testApp();
      const answers = [];
      // 30 failed sign-ins per address a quarter hour; each guess names another account and claims another address.
      for (let guess = 1; guess <= 30; guess += 1) answers.push((await guessThroughProxy(app, `nobody${guess}`, `198.51.100.${guess}`)).statusCode);
      expect(new Set(answers)).toEqual(new Set([401]));
      const throttled = await guessThroughProxy(app, "nobody31", "198.51.100.31");
      expect(throttled.statusCode).toBe(429);
      expect(throttled.json().retryAfterSeconds).toBeGreaterThan(0);

      const addresses = await app.clinic.db.selectFrom("audit_log").select("ip").distinct().where("action", "=", "auth.login").execute();
      expect(addresses).toEqual([{ ip: CLIENT }]);
    });
  },
  { TRUST_PROXY: "1" },
);

describeApp(
  "client addresses behind a named proxy",
  (testApp) => {
    it("believes X-Forwarded-For from the proxy's address only: a client that reaches the server directly is known by its own", async () => {
      const { app } = testApp();
      const direct = "192.0.2.44";
      await guessThroughProxy(app, "someone", "198.51.100.1");
      await app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: "someone", password: "not-the-password" },
        remoteAddress: direct,
        headers: { "x-forwarded-for": "198.51.100.2" },
      });
      const addresses = await app.clinic.db.selectFrom("audit_log").select("ip").where("action", "=", "auth.login").orderBy("id").execute();
      expect(addresses).toEqual([{ ip: CLIENT }, { ip: direct }]);
    });
  },
  { TRUST_PROXY: PROXY },
);
