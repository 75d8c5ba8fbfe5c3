// A pending sign-in (the password was right, the second step is still to come) is no session: its
// cookie opens nothing but POST /api/login/mfa (and that same procedure over tRPC; the open passkey
// challenge only names that member's passkeys to the browser), whether it is
// sent as the pending cookie, as the session cookie, or as both, on every REST operation, every
// tRPC procedure, the downloads and the WebSocket; and it lasts 5 minutes.
// two-step.test.ts already checks GET /api/user, /api/appointments and /api/account/sessions with
// the pending cookie, and a second step 5 minutes and a second late; this file covers the rest.
import { appRouter, SIGN_IN_REQUIRED, totpCodeAt } from "@halcyon/domain";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { resetPassword } from "@halcyon/domain";
import { aStaffMember, listen, OPEN_PROCEDURES, OPEN_REST_OPERATIONS, turnOnAuthenticator } from "./clinic-helpers";
import { describeApp, newPatient, register, sessionCookie } from "./helper";

const STEP_MS = 30_000;
const PENDING_MS = 5 * 60_000;

const DOWNLOADS = ["/api/admin/backup", "/api/admin/audit-log.csv", "/api/patients/1/record.pdf"];

interface Member {
  id: number;
  username: string;
  password: string;
  secret: string;
}

/** A new patient who has turned on two-step sign-in; the clock is then a step past their first code. */
async function memberWithAuthenticator(app: FastifyInstance, advance: (ms: number) => void): Promise<Member> {
  const body = newPatient();
  const { response, cookie } = await register(app, body);
  const { secret } = await turnOnAuthenticator(app, { cookie: cookie! });
  advance(STEP_MS);
  return { id: response.json().id, username: body.username, password: body.password, secret };
}

/** The password step: answers the pending cookie's value (and checks no session came with it). */
async function passwordStep(app: FastifyInstance, member: Member): Promise<{ value: string; response: LightMyRequestResponse }> {
  const response = await app.inject({ method: "POST", url: "/api/login", payload: { username: member.username, password: member.password } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ mfaRequired: true, methods: ["totp", "recovery_code"] });
  expect(sessionCookie(response)).toBeUndefined();
  const value = response.cookies.find((c) => c.name === "halcyon_pending")?.value;
  expect(value).toBeTruthy();
  return { value: value!, response };
}

/** The ways a client could present the pending sign-in's token where a session is expected. */
function presentations(value: string): [string, string][] {
  return [
    ["the pending cookie", `halcyon_pending=${value}`],
    ["the pending value as the session cookie", `halcyon_session=${value}`],
    ["both", `halcyon_session=${value}; halcyon_pending=${value}`],
  ];
}

function secondStep(app: FastifyInstance, cookie: string | undefined, code: string) {
  return app.inject({ method: "POST", url: "/api/login/mfa", payload: { code }, headers: cookie ? { cookie } : {} });
}

/** The WebSocket handshake's HTTP status: 101 when it opened (the socket is closed again at once). */
function handshake(base: string, cookie: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace("http", "ws")}/ws`, { headers: cookie ? { cookie } : {} });
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("open", () => {
      resolve(101);
      socket.close();
    });
    socket.on("error", reject);
  });
}

describeApp("a pending sign-in opens nothing but the second step", (testApp) => {
  let base = "";
  beforeAll(async () => {
    base = await listen(testApp().app);
  });

  it("is refused (401) by every tRPC procedure that needs a session, and is nobody to auth.current", async () => {
    const { app, advance } = testApp();
    const member = await memberWithAuthenticator(app, advance);
    const pending = await passwordStep(app, member);
    // tRPC keeps a flat "auth.me" → procedure map at run time; its static type is the nested tree.
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>);
    expect(procedures.length).toBeGreaterThan(30);
    expect(procedures.map(([path]) => path)).toEqual(expect.arrayContaining([...OPEN_PROCEDURES, "auth.me"]));
    for (const [how, cookie] of presentations(pending.value)) {
      for (const [path, procedure] of procedures) {
        if (OPEN_PROCEDURES.has(path)) continue;
        const response =
          procedure._def.type === "query"
            ? await app.inject({ method: "GET", url: `/trpc/${path}`, headers: { cookie } })
            : await app.inject({ method: "POST", url: `/trpc/${path}`, payload: {}, headers: { cookie } });
        expect(response.statusCode, `${path} with ${how}: ${response.body}`).toBe(401);
        expect(response.json().error.data.code, `${path} with ${how}`).toBe("UNAUTHORIZED");
      }
      const current = await app.inject({ method: "GET", url: "/trpc/auth.current", headers: { cookie } });
      expect(current.statusCode, how).toBe(200);
      expect(current.json().result.data, how).toBeNull();
    }
    // The pending sign-in was alive all along: its cookie completes it, and the session then reads itself over tRPC.
    const done = await secondStep(app, `halcyon_pending=${pending.value}`, await totpCodeAt(member.secret, app.clinic.now()));
    expect(done.statusCode, done.body).toBe(200);
    const me = await app.inject({ method: "GET", url: "/trpc/auth.me", headers: { cookie: sessionCookie(done)! } });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.data).toMatchObject({ id: member.id, username: member.username });
  });

  it("is refused (401) by every REST operation of the OpenAPI document that needs a session, and by the downloads", async () => {
    const { app, advance } = testApp();
    const member = await memberWithAuthenticator(app, advance);
    const pending = await passwordStep(app, member);
    const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json() as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => [method.toUpperCase(), path] as const));
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.map(([method, path]) => `${method} ${path}`)).toEqual(expect.arrayContaining([...OPEN_REST_OPERATIONS, "GET /user"]));
    for (const [how, cookie] of presentations(pending.value)) {
      for (const [method, path] of operations) {
        if (OPEN_REST_OPERATIONS.has(`${method} ${path}`)) continue;
        const url = `/api${path.replace(/\{\w+\}/g, "1")}`;
        const response = await app.inject({ method: method as "GET", url, headers: { cookie }, ...(method === "GET" ? {} : { payload: {} }) });
        expect(response.statusCode, `${method} ${path} with ${how}: ${response.body}`).toBe(401);
        expect(response.json(), `${method} ${path} with ${how}`).toEqual({ code: "UNAUTHORIZED", message: SIGN_IN_REQUIRED });
      }
      for (const url of DOWNLOADS) {
        const response = await app.inject({ method: "GET", url, headers: { cookie } });
        expect(response.statusCode, `${url} with ${how}: ${response.body}`).toBe(401);
        expect(response.headers["content-disposition"], url).toBeUndefined();
      }
    }
    // Still alive: the second step completes it, with a session token of its own, not the pending one promoted.
    const done = await secondStep(app, `halcyon_pending=${pending.value}`, await totpCodeAt(member.secret, app.clinic.now()));
    expect(done.statusCode, done.body).toBe(200);
    const session = done.cookies.find((c) => c.name === "halcyon_session")!.value;
    expect(session).not.toBe(pending.value);
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: `halcyon_session=${session}` } })).statusCode).toBe(200);
    // And a pending value used up is no session either.
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: `halcyon_session=${pending.value}` } })).statusCode).toBe(401);
  });

  it("opens no WebSocket (401 at the handshake), while the session it completes into does", async () => {
    const { app, advance } = testApp();
    const member = await memberWithAuthenticator(app, advance);
    const pending = await passwordStep(app, member);
    for (const [how, cookie] of presentations(pending.value)) expect(await handshake(base, cookie), how).toBe(401);
    const done = await secondStep(app, `halcyon_pending=${pending.value}`, await totpCodeAt(member.secret, app.clinic.now()));
    expect(done.statusCode, done.body).toBe(200);
    expect(await handshake(base, sessionCookie(done))).toBe(101);
    for (const [how, cookie] of presentations(pending.value)) expect(await handshake(base, cookie), `${how}, used up`).toBe(401);
  });

  it("is completed only with the pending cookie: its value as the session cookie is no pending sign-in", async () => {
    const { app, advance } = testApp();
    const member = await memberWithAuthenticator(app, advance);
    const pending = await passwordStep(app, member);
    const code = await totpCodeAt(member.secret, app.clinic.now());
    const wrongCookie = await secondStep(app, `halcyon_session=${pending.value}`, code);
    expect(wrongCookie.statusCode, wrongCookie.body).toBe(401);
    expect(sessionCookie(wrongCookie)).toBeUndefined();
    // The code was not spent by that refusal: the pending cookie completes the sign-in with it.
    const done = await secondStep(app, `halcyon_pending=${pending.value}`, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: member.id });
  });

  it("is abandoned by signing out: the cookie is cleared and its code completes nothing", async () => {
    const { app, advance } = testApp();
    const member = await memberWithAuthenticator(app, advance);
    const pending = await passwordStep(app, member);
    const out = await app.inject({ method: "POST", url: "/api/logout", headers: { cookie: `halcyon_pending=${pending.value}` } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === "halcyon_pending")?.value).toBe("");
    const late = await secondStep(app, `halcyon_pending=${pending.value}`, await totpCodeAt(member.secret, app.clinic.now()));
    expect(late.statusCode).toBe(401);
    expect(sessionCookie(late)).toBeUndefined();
  });

  it("lasts 5 minutes: its cookie says so, a code 4½ minutes in completes it, and at 5 minutes it is over", async () => {
    const { app, advance } = testApp();
    const now = () => app.clinic.now();
    const member = await memberWithAuthenticator(app, advance);

    const first = await passwordStep(app, member);
    const cookie = first.response.cookies.find((c) => c.name === "halcyon_pending")!;
    // The browser drops it after 5 minutes too (Expires is to the second), and never sends it cross-site.
    expect(Math.abs(cookie.expires!.getTime() - (now().getTime() + PENDING_MS))).toBeLessThan(5_000);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    advance(PENDING_MS - STEP_MS);
    const inTime = await secondStep(app, `halcyon_pending=${first.value}`, await totpCodeAt(member.secret, now()));
    expect(inTime.statusCode, inTime.body).toBe(200);
    expect(sessionCookie(inTime)).toBeDefined();

    advance(2 * STEP_MS);
    const second = await passwordStep(app, member);
    advance(PENDING_MS);
    const code = await totpCodeAt(member.secret, now());
    const late = await secondStep(app, `halcyon_pending=${second.value}`, code);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ code: "UNAUTHORIZED", message: "Your sign-in has expired. Please sign in again." });
    expect(sessionCookie(late)).toBeUndefined();
    expect(late.cookies.find((c) => c.name === "halcyon_pending")?.value).toBe("");
    // Expired, it opens nothing else either.
    for (const [how, presented] of presentations(second.value)) {
      expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: presented } })).statusCode, how).toBe(401);
      expect((await app.inject({ method: "GET", url: "/trpc/auth.me", headers: { cookie: presented } })).statusCode, how).toBe(401);
      expect(await handshake(base, presented), how).toBe(401);
    }
    // Signing in again works with the code still on the phone: the expired attempt did not spend it.
    const again = await passwordStep(app, member);
    const done = await secondStep(app, `halcyon_pending=${again.value}`, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: member.id });
  });

  it("ends with the member's sessions: after each thing that ends them, the second step is refused", async () => {
    const { app, advance } = testApp();
    const admin = await aStaffMember(app, "admin");
    const asAdmin = (method: "POST" | "PATCH" | "DELETE", url: string, payload?: Record<string, unknown>) =>
      app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
    const endings: [string, (member: Member) => Promise<unknown>][] = [
      [
        "a password change in another session",
        async (member) => {
          const session = await app.inject({ method: "POST", url: "/api/login", payload: { username: member.username, password: member.password } });
          const done = await secondStep(
            app,
            `halcyon_pending=${session.cookies.find((c) => c.name === "halcyon_pending")!.value}`,
            await totpCodeAt(member.secret, app.clinic.now()),
          );
          const changed = await app.inject({
            method: "POST",
            url: "/api/user/password",
            headers: { cookie: sessionCookie(done)! },
            payload: { currentPassword: member.password, newPassword: "a-brand-new-harbour-97" },
          });
          expect(changed.statusCode, changed.body).toBe(200);
        },
      ],
      ["the console's password reset", (member) => resetPassword(app.clinic, member.username, "console-chosen-lantern-55")],
      ["an admin's one-time password", (member) => asAdmin("POST", `/api/admin/users/${member.id}/one-time-password`)],
      ["an admin's reset of two-step sign-in", (member) => asAdmin("DELETE", `/api/admin/users/${member.id}/two-step`)],
      ["deactivation", (member) => asAdmin("PATCH", `/api/admin/users/${member.id}`, { active: false })],
    ];
    for (const [what, end] of endings) {
      const member = await memberWithAuthenticator(app, advance);
      const pending = await passwordStep(app, member);
      const ended = await end(member);
      if (ended && typeof ended === "object" && "statusCode" in ended) expect((ended as LightMyRequestResponse).statusCode, what).toBe(200);
      advance(STEP_MS);
      const code = await totpCodeAt(member.secret, app.clinic.now());
      const refused = await secondStep(app, `halcyon_pending=${pending.value}`, code);
      expect(refused.statusCode, `${what}: ${refused.body}`).toBe(401);
      expect(refused.json(), what).toEqual({ code: "UNAUTHORIZED", message: "Your sign-in has expired. Please sign in again." });
      expect(sessionCookie(refused), what).toBeUndefined();
    }
  });
});
