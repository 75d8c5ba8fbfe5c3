// Two-step sign-in with an authenticator app: set-up from the account, the pending sign-in a code
// completes, recovery codes, replay, throttling, expiry, and setting it up or turning it off only
// after a recent sign-in or re-check.
import { totpCodeAt } from "@halcyon/domain";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { recheck } from "./clinic-helpers";
import { describeApp, newPatient, register, sessionCookie } from "./helper";

const STEP_MS = 30_000;

function pendingCookie(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === "halcyon_pending");
  return cookie && cookie.value ? `${cookie.name}=${cookie.value}` : undefined;
}

interface Member {
  id: number;
  username: string;
  password: string;
  cookie: string;
  secret: string;
  recoveryCodes: string[];
  /** The code that turned the authenticator on. */
  firstCode: string;
}

/** A new patient who has turned on two-step sign-in; the clock is then a step past their first code. */
async function memberWithAuthenticator(app: FastifyInstance, now: () => Date, advance: (ms: number) => void): Promise<Member> {
  const body = newPatient();
  const { response, cookie } = await register(app, body);
  const setup = await app.inject({ method: "POST", url: "/api/account/totp", headers: { cookie: cookie! } });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauthUrl } = setup.json();
  expect(otpauthUrl).toBe(`otpauth://totp/Halcyon:${body.username}?secret=${secret}&issuer=Halcyon`);
  const firstCode = await totpCodeAt(secret, now());
  const confirmed = await app.inject({
    method: "POST",
    url: "/api/account/totp/confirm",
    payload: { code: firstCode },
    headers: { cookie: cookie! },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  advance(STEP_MS);
  return {
    id: response.json().id,
    username: body.username,
    password: body.password,
    cookie: cookie!,
    secret,
    recoveryCodes: confirmed.json().recoveryCodes,
    firstCode,
  };
}

async function passwordStep(app: FastifyInstance, member: Pick<Member, "username" | "password">): Promise<string> {
  const response = await app.inject({ method: "POST", url: "/api/login", payload: { username: member.username, password: member.password } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ mfaRequired: true, methods: ["totp", "recovery_code"] });
  expect(sessionCookie(response)).toBeUndefined();
  return pendingCookie(response)!;
}

function secondStep(app: FastifyInstance, pending: string | undefined, code: string) {
  return app.inject({ method: "POST", url: "/api/login/mfa", payload: { code }, headers: pending ? { cookie: pending } : {} });
}

describeApp("two-step sign-in with an authenticator app", (testApp) => {
  /** The app, and its clock: the member's phone reads the same time. */
  const clock = () => {
    const { app, advance } = testApp();
    return { app, now: () => app.clinic.now(), advance };
  };

  it("turns on with a first code, shows ten recovery codes once, and says it is on", async () => {
    const { app, now, advance } = clock();
    const member = await memberWithAuthenticator(app, now, advance);
    expect(member.recoveryCodes).toHaveLength(10);
    expect(new Set(member.recoveryCodes).size).toBe(10);
    // Five groups of four from an alphabet without look-alikes: the first picks the row, the other sixteen letters (79 bits) are the secret.
    for (const code of member.recoveryCodes) expect(code).toMatch(/^([A-HJKMNP-Z2-9]{4}-){4}[A-HJKMNP-Z2-9]{4}$/);
    const status = await app.inject({ method: "GET", url: "/api/account/two-step", headers: { cookie: member.cookie } });
    expect(status.json()).toEqual({ totp: true, passkeys: 0, recoveryCodesLeft: 10 });
    // Stored only as salted hashes: no code, and no secret in the clear beside them.
    const stored = await app.clinic.db.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", member.id).execute();
    for (const { code_hash } of stored) for (const code of member.recoveryCodes) expect(code_hash).not.toContain(code.replace("-", ""));
  });

  it("refuses a wrong first code and stays off", async () => {
    const { app } = clock();
    const { cookie } = await register(app, newPatient());
    await app.inject({ method: "POST", url: "/api/account/totp", headers: { cookie: cookie! } });
    const wrong = await app.inject({ method: "POST", url: "/api/account/totp/confirm", payload: { code: "000000" }, headers: { cookie: cookie! } });
    expect(wrong.statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: "/api/account/two-step", headers: { cookie: cookie! } })).json()).toEqual({
      totp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
    });
  });

  it("after the password, opens no session until a code from the authenticator completes the sign-in", async () => {
    const { app, now, advance } = clock();
    const member = await memberWithAuthenticator(app, now, advance);
    const pending = await passwordStep(app, member);
    // The pending cookie is no session anywhere else.
    for (const url of ["/api/user", "/api/appointments", "/api/account/sessions"]) {
      expect((await app.inject({ method: "GET", url, headers: { cookie: pending } })).statusCode, url).toBe(401);
    }
    expect((await secondStep(app, pending, "123456")).statusCode).toBe(400);
    const done = await secondStep(app, pending, await totpCodeAt(member.secret, now()));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ id: member.id, username: member.username });
    const session = sessionCookie(done)!;
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: session } })).statusCode).toBe(200);
    // The pending sign-in is used up.
    expect(done.cookies.find((c) => c.name === "halcyon_pending")?.value).toBe("");
    expect((await secondStep(app, pending, await totpCodeAt(member.secret, now()))).statusCode).toBe(401);
  });

  it("accepts a code one step either side of now, and never the same code twice", async () => {
    const { app, now, advance } = clock();
    const member = await memberWithAuthenticator(app, now, advance);
    const codeAt = (offsetMs: number) => totpCodeAt(member.secret, new Date(now().getTime() + offsetMs));
    // The code that turned it on is spent (the very code: one recomputed from the clock could fall
    // in the next step when a busy machine took a while since).
    expect((await secondStep(app, await passwordStep(app, member), member.firstCode)).statusCode).toBe(400);
    advance(2 * STEP_MS);
    // Two steps ago: too old.
    expect((await secondStep(app, await passwordStep(app, member), await codeAt(-2 * STEP_MS))).statusCode).toBe(400);
    const oneStepAgo = await codeAt(-STEP_MS);
    expect((await secondStep(app, await passwordStep(app, member), oneStepAgo)).statusCode).toBe(200);
    // Replayed within its window: refused, on a new pending sign-in too.
    expect((await secondStep(app, await passwordStep(app, member), oneStepAgo)).statusCode).toBe(400);
    expect((await secondStep(app, await passwordStep(app, member), await codeAt(STEP_MS))).statusCode).toBe(200);
  });

  it("takes each recovery code once", async () => {
    const { app, now, advance } = clock();
    const member = await memberWithAuthenticator(app, now, advance);
    const [first] = member.recoveryCodes;
    expect((await secondStep(app, await passwordStep(app, member), first!.toLowerCase().replace("-", " "))).statusCode).toBe(200);
    expect((await secondStep(app, await passwordStep(app, member), first!)).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: "/api/account/two-step", headers: { cookie: member.cookie } })).json()).toEqual({
      totp: true,
      passkeys: 0,
      recoveryCodesLeft: 9,
    });
  });

  it("expires a pending sign-in after 5 minutes", async () => {
    const { app, now, advance } = clock();
    const member = await memberWithAuthenticator(app, now, advance);
    const pending = await passwordStep(app, member);
    advance(5 * 60_000 + 1_000);
    const late = await secondStep(app, pending, await totpCodeAt(member.secret, now()));
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe("Your sign-in has expired. Please sign in again.");
    expect((await secondStep(app, undefined, await totpCodeAt(member.secret, now()))).statusCode).toBe(401);
  });

  it("turns the throttle on after ten wrong codes in a row, even with the right one next", async () => {
    const { app, now, advance } = clock();
    const member = await memberWithAuthenticator(app, now, advance);
    const pending = await passwordStep(app, member);
    for (let i = 0; i < 10; i += 1) expect((await secondStep(app, pending, "999999")).statusCode).toBe(400);
    const refused = await secondStep(app, pending, await totpCodeAt(member.secret, now()));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
  });

  it("turns off only after a recent re-check of the password, and ends the other sessions", async () => {
    const { app, now, advance } = clock();
    const member = await memberWithAuthenticator(app, now, advance);
    const other = sessionCookie(await secondStep(app, await passwordStep(app, member), await totpCodeAt(member.secret, now())))!;
    // The member's first session signed in more than 5 minutes ago.
    advance(6 * 60_000);
    const refused = await app.inject({ method: "DELETE", url: "/api/account/totp", headers: { cookie: member.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("REAUTH_REQUIRED");
    expect(
      (await app.inject({ method: "POST", url: "/api/account/reauth", payload: { password: "not-it" }, headers: { cookie: member.cookie } })).statusCode,
    ).toBe(400);
    const rechecked = await recheck(app, member);
    expect(rechecked.statusCode, rechecked.body).toBe(200);
    const off = await app.inject({ method: "DELETE", url: "/api/account/totp", headers: { cookie: member.cookie } });
    expect(off.statusCode, off.body).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: other } })).statusCode).toBe(401);
    // Back to one step: the password alone signs in.
    const login = await app.inject({ method: "POST", url: "/api/login", payload: { username: member.username, password: member.password } });
    expect(login.json()).toMatchObject({ id: member.id });
    expect(sessionCookie(login)).toBeDefined();
  });

  it("sets up only within 5 minutes of a sign-in or a re-check of the password", async () => {
    const { app, advance } = clock();
    const body = newPatient();
    const { cookie } = await register(app, body);
    advance(6 * 60_000);
    const refused = await app.inject({ method: "POST", url: "/api/account/totp", headers: { cookie: cookie! } });
    expect([refused.statusCode, refused.json().code]).toEqual([403, "REAUTH_REQUIRED"]);
    expect((await app.inject({ method: "GET", url: "/api/account/two-step", headers: { cookie: cookie! } })).json()).toMatchObject({ totp: false });
    const rechecked = await app.inject({ method: "POST", url: "/api/account/reauth", payload: { password: body.password }, headers: { cookie: cookie! } });
    expect(rechecked.statusCode, rechecked.body).toBe(200);
    expect((await app.inject({ method: "POST", url: "/api/account/totp", headers: { cookie: cookie! } })).statusCode).toBe(200);
  });

  it("leaves members without it to sign in as before, and refuses set-up to nobody", async () => {
    const { app } = clock();
    const body = newPatient();
    await register(app, body);
    const login = await app.inject({ method: "POST", url: "/api/login", payload: { username: body.username, password: body.password } });
    expect(login.json()).toMatchObject({ username: body.username });
    expect(pendingCookie(login)).toBeUndefined();
    expect((await app.inject({ method: "POST", url: "/api/account/totp" })).statusCode).toBe(401);
  });
});
