// Refused requests from nobody signed in reach the audit log, and a flood of them does not:
// each address and kind of refusal writes at most one row a minute, with a count.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { REFUSAL_WINDOW_MS } from "@halcyon/domain";
import { aPatient, listen } from "./clinic-helpers";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";
import { describeApp, newPatient } from "./helper";

interface RefusalRow {
  userAgent: string | null;
  details: Record<string, unknown>;
}

async function refusalsFrom(app: FastifyInstance, ip: string): Promise<RefusalRow[]> {
  const rows = await app.clinic.db
    .selectFrom("audit_log")
    .select(["actor_id", "outcome", "user_agent", "details"])
    .where("action", "=", "access.denied")
    .where("ip", "=", ip)
    .orderBy("id")
    .execute();
  for (const row of rows) expect(row).toMatchObject({ actor_id: null, outcome: "denied" });
  return rows.map((row) => ({ userAgent: row.user_agent, details: JSON.parse(row.details ?? "{}") }));
}

/** Waits until `ip` has `count` refusal rows (they are written once the answer has gone). */
async function untilRows(app: FastifyInstance, ip: string, count: number): Promise<RefusalRow[]> {
  return vi.waitFor(async () => {
    const rows = await refusalsFrom(app, ip);
    expect(rows).toHaveLength(count);
    return rows;
  });
}

const FORGED = "halcyon_session=forged-token-value-1234567890";

describeApp("auditing refused requests", (testApp) => {
  it("audits 401s caused by a forged session cookie, a row a minute per address with a count", async () => {
    const { app, advance } = testApp();
    const ip = "10.90.0.1";
    const ask = (url: string) => app.inject({ method: "GET", url, headers: { cookie: FORGED, "user-agent": "probe/1.0" }, remoteAddress: ip });
    const answers = await Promise.all([...Array.from({ length: 20 }, () => ask("/api/user")), ...Array.from({ length: 10 }, () => ask("/trpc/auth.me"))]);
    expect(answers.every((answer) => answer.statusCode === 401)).toBe(true);

    const [first] = await untilRows(app, ip, 1);
    expect(first).toMatchObject({ userAgent: "probe/1.0", details: { reason: "invalid_session", count: 1, method: "GET" } });
    expect(JSON.stringify(await refusalsFrom(app, ip))).not.toContain("forged-token-value");

    // Once the minute is up, the next refusal writes the ones held back, itself included.
    advance(REFUSAL_WINDOW_MS + 1_000);
    expect((await ask("/api/user")).statusCode).toBe(401);
    const [, summary] = await untilRows(app, ip, 2);
    expect(summary?.details).toMatchObject({ reason: "invalid_session", count: 30, since: expect.stringMatching(/Z$/) });
  });

  it("audits a 401 caused by an expired session, but not one without a cookie or a wrong password", async () => {
    const { app, advance } = testApp();
    const ip = "10.90.0.2";
    const patient = await aPatient(app);
    advance(31 * 60_000);
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: patient.cookie }, remoteAddress: ip })).statusCode).toBe(401);
    expect((await untilRows(app, ip, 1))[0]?.details).toMatchObject({ reason: "invalid_session", path: "/api/user" });

    const quiet = "10.90.0.3";
    expect((await app.inject({ method: "GET", url: "/api/user", remoteAddress: quiet })).statusCode).toBe(401);
    const wrongPassword = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "nobody-here", password: "wrong" },
      headers: { cookie: FORGED },
      remoteAddress: quiet,
    });
    expect(wrongPassword.statusCode).toBe(401);
    // Audit rows are written in the order they come: once a later refusal's row is there, any of these would be too.
    const marker = "10.90.0.4";
    await app.inject({ method: "GET", url: "/api/user", headers: { cookie: FORGED }, remoteAddress: marker });
    await untilRows(app, marker, 1);
    expect(await refusalsFrom(app, quiet)).toEqual([]);
  });

  it("audits state changes refused as cross-site, summarised per minute", async () => {
    const { app, advance } = testApp();
    const ip = "10.90.0.5";
    for (let i = 0; i < 10; i += 1) {
      const answer = await app.inject({
        method: "POST",
        url: "/api/register?ref=x",
        payload: newPatient(),
        headers: { origin: "https://evil.example" },
        remoteAddress: ip,
      });
      expect(answer.statusCode).toBe(403);
    }
    const [first] = await untilRows(app, ip, 1);
    expect(first?.details).toMatchObject({ reason: "cross_site", count: 1, method: "POST", path: "/api/register", origin: "https://evil.example" });
    // The held-back count is written when its minute is up, with or without a new refusal.
    advance(REFUSAL_WINDOW_MS + 1_000);
    await app.clinic.refusals.sweep();
    const [, summary] = await untilRows(app, ip, 2);
    expect(summary?.details).toMatchObject({ reason: "cross_site", count: 9 });
    // A quiet minute later, the address starts afresh.
    advance(REFUSAL_WINDOW_MS + 1_000);
    await app.clinic.refusals.sweep();
    await app.inject({ method: "DELETE", url: "/api/calendar-feed", headers: { "sec-fetch-site": "cross-site" }, remoteAddress: ip });
    const [, , again] = await untilRows(app, ip, 3);
    expect(again?.details).toMatchObject({ reason: "cross_site", count: 1, fetchSite: "cross-site" });
  });
});

describeApp("auditing refused WebSocket handshakes", (testApp) => {
  let base = "";
  beforeAll(async () => {
    base = `${(await listen(testApp().app)).replace("http", "ws")}/ws`;
  });

  function refusedWith(headers: Record<string, string>): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(base, { headers });
      socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
      socket.on("open", () => reject(new Error("the socket was opened")));
      socket.on("error", reject);
    });
  }

  it("audits each kind of refused handshake without a row per attempt", async () => {
    const { app, advance } = testApp();
    const patient = await aPatient(app);
    expect(await refusedWith({})).toBe(401);
    const [first] = await untilRows(app, "127.0.0.1", 1);
    expect(first?.details).toMatchObject({ reason: "websocket", why: "signed_out", count: 1, path: "/ws" });
    expect(await refusedWith({ cookie: FORGED })).toBe(401);
    expect(await refusedWith({ cookie: patient.cookie, origin: "https://evil.example" })).toBe(403);
    advance(REFUSAL_WINDOW_MS + 1_000);
    await app.clinic.refusals.sweep();
    const [, summary] = await untilRows(app, "127.0.0.1", 2);
    expect(summary?.details).toMatchObject({ reason: "websocket", why: "cross_site", count: 2 });
    expect(JSON.stringify(summary)).not.toContain("forged-token-value");
  });
});

it("writes the refusals held back when the server stops, before its own database closes", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "halcyon-refusals-"));
  const env = parseEnv({ NODE_ENV: "test", SEED_DEMO: "false", WEB_DIST: "/nonexistent", DATA_DIR: dataDir });
  try {
    const app = await buildApp({ env });
    const ip = "10.90.0.9";
    for (let i = 0; i < 3; i += 1) {
      expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: FORGED }, remoteAddress: ip })).statusCode).toBe(401);
    }
    await untilRows(app, ip, 1);
    await app.close();

    const reopened = await buildApp({ env });
    const rows = await refusalsFrom(reopened, ip);
    await reopened.close();
    expect(rows.map((row) => row.details.count)).toEqual([1, 2]);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
