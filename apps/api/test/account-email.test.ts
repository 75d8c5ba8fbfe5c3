// Account email (issue 34, item 4): an address is written to only once its owner has followed
// the link sent to it; "Forgot password?" sends a single-use, 30-minute link to a verified
// address and answers the same for everyone; every change to how a member signs in writes them a
// notice with a "this was not me" link, which ends their sessions and tells the admins.
import { createUser } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aStaffMember, signInAs, turnOnAuthenticator, type SignedIn } from "./clinic-helpers";
import { describeApp, newPatient, register } from "./helper";
import { latestToken, noticesOf } from "./notice-links";
import { SoftAuthenticator } from "./soft-authenticator";

const HOUR = 3_600_000;

let addressCounter = 0;
/** A network address of its own, so the per-address throttle of one test stays out of another's. */
function anotherAddress(): string {
  addressCounter += 1;
  return `10.200.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

type Member = SignedIn & { username: string; password: string; email: string };

function uniqueEmail(): string {
  return `member.${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** A new patient with an email address, signed in, the address not verified yet. */
async function aPatientWithEmail(app: FastifyInstance): Promise<Member> {
  const email = uniqueEmail();
  const { response, cookie, body } = await register(app, newPatient({ email }));
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().id, cookie: cookie!, username: String(body.username), password: String(body.password), email };
}

function verify(app: FastifyInstance, token: string, cookie?: string) {
  return app.inject({ method: "POST", url: "/api/account/email/verify", payload: { token }, ...(cookie ? { headers: { cookie } } : {}) });
}

function contact(app: FastifyInstance, who: Pick<SignedIn, "cookie">) {
  return app.inject({ method: "GET", url: "/api/account/contact", headers: { cookie: who.cookie } });
}

/** A new patient whose address is verified (they followed the link). */
async function aVerifiedPatient(app: FastifyInstance): Promise<Member> {
  const member = await aPatientWithEmail(app);
  const verified = await verify(app, await latestToken(app, member.id, "email_verification"));
  expect(verified.statusCode, verified.body).toBe(200);
  return member;
}

function forgot(app: FastifyInstance, login: string, remoteAddress = anotherAddress()) {
  return app.inject({ method: "POST", url: "/api/login/forgot", payload: { login }, remoteAddress });
}

function resetWith(app: FastifyInstance, token: string, password: string) {
  return app.inject({ method: "POST", url: "/api/login/reset", payload: { token, password } });
}

async function auditOf(app: FastifyInstance, action: string, targetId: number) {
  return app.clinic.db.selectFrom("audit_log").selectAll().where("action", "=", action).where("target_id", "=", String(targetId)).execute();
}

function tampered(token: string, change: (claims: Record<string, unknown>) => void): string {
  const [payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"));
  change(claims);
  return `${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
}

describeApp("email verification", (testApp) => {
  it("a new address gets the link, and only it: followed once, signed out, the address is verified and audited", async () => {
    const { app } = testApp();
    const member = await aPatientWithEmail(app);
    const notices = await noticesOf(app, member.id);
    expect(notices.map((notice) => [notice.kind, notice.toAddress])).toEqual([["email_verification", member.email]]);
    expect((await contact(app, member)).json()).toMatchObject({ email: member.email, emailVerifiedAt: null });

    const token = await latestToken(app, member.id, "email_verification");
    const first = await verify(app, token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ email: member.email });
    expect((await contact(app, member)).json().emailVerifiedAt).not.toBeNull();
    expect(await auditOf(app, "auth.email_verify", member.id)).toHaveLength(1);

    const again = await verify(app, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This link has been used already.");
  });

  it("registration without an address works and sends nothing", async () => {
    const { app } = testApp();
    const { response } = await register(app, newPatient({ email: "" }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await noticesOf(app, response.json().id)).toEqual([]);
  });

  it("refuses a link that has expired, was tampered with, or is for another purpose", async () => {
    const { app, advance } = testApp();
    const member = await aPatientWithEmail(app);
    const token = await latestToken(app, member.id, "email_verification");
    const other = await aPatientWithEmail(app);

    // Another member's id in the claims: the signature no longer holds.
    const forged = await verify(
      app,
      tampered(token, (claims) => (claims.userId = other.id)),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/not valid/);
    const garbage = await verify(app, "not.a-link");
    expect(garbage.statusCode).toBe(400);

    advance(24 * HOUR + 60_000);
    const late = await verify(app, token);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/expired/);
    const stored = await app.clinic.db.selectFrom("users").select("email_verified_at").where("id", "=", member.id).executeTakeFirstOrThrow();
    expect(stored.email_verified_at).toBeNull();
  });

  it("another member's link verifies their address, not the caller's", async () => {
    const { app } = testApp();
    const member = await aPatientWithEmail(app);
    const stranger = await aPatientWithEmail(app);
    const verified = await verify(app, await latestToken(app, stranger.id, "email_verification"), member.cookie);
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await contact(app, member)).json().emailVerifiedAt).toBeNull();
    expect((await contact(app, stranger)).json().emailVerifiedAt).not.toBeNull();
  });

  it("a change of address: unverified again, the old verified one is told, and the old link does nothing", async () => {
    const { app } = testApp();
    const member = await aPatientWithEmail(app);
    const oldToken = await latestToken(app, member.id, "email_verification");
    expect((await verify(app, oldToken)).statusCode).toBe(200);
    const secondOld = await aPatientWithEmail(app);
    const unusedOldToken = await latestToken(app, secondOld.id, "email_verification");

    const changed = await app.inject({
      method: "PUT",
      url: "/api/account/email",
      payload: { email: "  New.Address@example.com " },
      headers: { cookie: member.cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ email: "New.Address@example.com", emailVerifiedAt: null });
    const notices = await noticesOf(app, member.id);
    expect(notices.slice(1).map((notice) => [notice.kind, notice.toAddress, notice.params.change ?? null])).toEqual([
      ["security_change", member.email, "email_changed"],
      ["email_verification", "New.Address@example.com", null],
    ]);
    expect(await auditOf(app, "auth.email_change", member.id)).toHaveLength(1);

    // A link for the address the other member had before changing it: nothing happens.
    expect(
      (await app.inject({ method: "PUT", url: "/api/account/email", payload: { email: uniqueEmail() }, headers: { cookie: secondOld.cookie } })).statusCode,
    ).toBe(200);
    const stale = await verify(app, unusedOldToken);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().message).toMatch(/no longer uses/);
    expect((await contact(app, secondOld)).json().emailVerifiedAt).toBeNull();

    expect((await verify(app, await latestToken(app, member.id, "email_verification"))).statusCode).toBe(200);
    expect((await contact(app, member)).json().emailVerifiedAt).not.toBeNull();
  });

  it("changing the address needs a recent re-check; a bad address is a 400", async () => {
    const { app, advance } = testApp();
    const member = await aPatientWithEmail(app);
    const bad = await app.inject({ method: "PUT", url: "/api/account/email", payload: { email: "not an address" }, headers: { cookie: member.cookie } });
    expect(bad.statusCode).toBe(400);
    advance(6 * 60_000);
    const stale = await app.inject({ method: "PUT", url: "/api/account/email", payload: { email: uniqueEmail() }, headers: { cookie: member.cookie } });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe("REAUTH_REQUIRED");
  });

  it("sends the link again on asking, a few times an hour", async () => {
    const { app } = testApp();
    const member = await aPatientWithEmail(app);
    const resend = () => app.inject({ method: "POST", url: "/api/account/email/verification", headers: { cookie: member.cookie } });
    for (let i = 0; i < 5; i += 1) expect((await resend()).statusCode).toBe(200);
    const sixth = await resend();
    expect(sixth.statusCode).toBe(429);
    expect(await noticesOf(app, member.id, "email_verification")).toHaveLength(6);
    // Any of them verifies the address; then there is nothing to send.
    expect((await verify(app, await latestToken(app, member.id, "email_verification"))).statusCode).toBe(200);
    const verified = await app.inject({ method: "POST", url: "/api/account/email/verification", headers: { cookie: member.cookie } });
    expect(verified.statusCode).toBe(409);
  });

  it("an admin's change of a member's address: after a re-check, unverified, the old verified address told, the new one sent its link", async () => {
    const { app, advance } = testApp();
    const member = await aVerifiedPatient(app);
    const admin = await aStaffMember(app, "admin");
    const change = (email: string | null) =>
      app.inject({ method: "PATCH", url: `/api/admin/users/${member.id}`, payload: { email }, headers: { cookie: admin.cookie } });
    advance(6 * 60_000);
    expect((await change("new.one@example.com")).statusCode).toBe(403);
    const again = await signInAs(app, admin.username, admin.password);
    const changed = await app.inject({
      method: "PATCH",
      url: `/api/admin/users/${member.id}`,
      payload: { email: "new.one@example.com" },
      headers: { cookie: again.cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().email).toBe("new.one@example.com");
    const notices = await noticesOf(app, member.id);
    expect(notices.slice(1).map((notice) => [notice.kind, notice.toAddress])).toEqual([
      ["security_change", member.email],
      ["email_verification", "new.one@example.com"],
    ]);
    const stored = await app.clinic.db.selectFrom("users").select("email_verified_at").where("id", "=", member.id).executeTakeFirstOrThrow();
    expect(stored.email_verified_at).toBeNull();
  });

  it("an admin's new account with an address gets the link too", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const email = uniqueEmail();
    const created = await app.inject({
      method: "POST",
      url: "/api/admin/users",
      headers: { cookie: admin.cookie },
      payload: {
        username: `made${Date.now()}`,
        role: "patient",
        firstName: "Rowan",
        lastName: "Lake",
        phoneNumber: "(555) 222-3333",
        dateOfBirth: "1988-03-03",
        email,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const notices = await noticesOf(app, created.json().user.id);
    expect(notices.map((notice) => [notice.kind, notice.toAddress])).toEqual([["email_verification", email]]);
  });
});

describeApp("the member's time zone", (testApp) => {
  it("records a valid IANA zone and refuses anything else", async () => {
    const { app } = testApp();
    const member = await aPatientWithEmail(app);
    const set = (timeZone: unknown) => app.inject({ method: "PUT", url: "/api/account/time-zone", payload: { timeZone }, headers: { cookie: member.cookie } });
    expect((await set("Mars/Olympus_Mons")).statusCode).toBe(400);
    const saved = await set("Pacific/Auckland");
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().timeZone).toBe("Pacific/Auckland");
    expect((await contact(app, member)).json().timeZone).toBe("Pacific/Auckland");
  });
});

describeApp("forgot password", (testApp) => {
  it("answers the same for an unknown name or address, an account without a verified address, and a real one; only the real one gets a link", async () => {
    const { app } = testApp();
    const unverified = await aPatientWithEmail(app);
    const verified = await aVerifiedPatient(app);
    const answers = await Promise.all(
      ["nobody-by-this-name", "nobody@example.com", unverified.username, unverified.email, verified.username].map((login) => forgot(app, login)),
    );
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(await noticesOf(app, unverified.id, "password_reset")).toEqual([]);
    const sent = await noticesOf(app, verified.id, "password_reset");
    expect(sent.map((notice) => notice.toAddress)).toEqual([verified.email]);
    // By address too (whatever its case).
    expect((await forgot(app, verified.email.toUpperCase())).statusCode).toBe(200);
    expect(await noticesOf(app, verified.id, "password_reset")).toHaveLength(2);
  });

  it("is throttled per account, whether or not it exists, and per network address", async () => {
    const { app } = testApp();
    const member = await aVerifiedPatient(app);
    for (const login of [member.username, "nobody-at-all"]) {
      for (let i = 0; i < 3; i += 1) expect((await forgot(app, login)).statusCode).toBe(200);
      const fourth = await forgot(app, login);
      expect(fourth.statusCode).toBe(429);
      expect(Number(fourth.headers["retry-after"])).toBeGreaterThan(0);
    }
    // The same account by its address counts with its username.
    expect((await forgot(app, member.email)).statusCode).toBe(429);
    expect(await noticesOf(app, member.id, "password_reset")).toHaveLength(3);

    const address = anotherAddress();
    for (let i = 0; i < 10; i += 1) expect((await forgot(app, `someone-${i}`, address)).statusCode).toBe(200);
    expect((await forgot(app, "someone-else", address)).statusCode).toBe(429);
  });

  it("the link sets a new password once, ends every session, tells the member, and is audited", async () => {
    const { app } = testApp();
    const member = await aVerifiedPatient(app);
    const elsewhere = await signInAs(app, member.username, member.password);
    expect((await forgot(app, member.username)).statusCode).toBe(200);
    const token = await latestToken(app, member.id, "password_reset");

    const account = await app.inject({ method: "POST", url: "/api/login/reset/account", payload: { token } });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json()).toMatchObject({ username: member.username, firstName: "Morgan", kdf: { algorithm: "argon2id" } });

    const weak = await resetWith(app, token, member.username + "1234");
    expect(weak.statusCode).toBe(400);
    const reset = await resetWith(app, token, "lanterns-over-the-harbour");
    expect(reset.statusCode, reset.body).toBe(200);
    for (const session of [member, elsewhere]) {
      expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: session.cookie } })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: "POST", url: "/api/login", payload: { username: member.username, password: member.password } })).statusCode).toBe(401);
    await signInAs(app, member.username, "lanterns-over-the-harbour");

    const again = await resetWith(app, token, "another-fresh-harbour-light");
    expect([400, 409]).toContain(again.statusCode);
    await signInAs(app, member.username, "lanterns-over-the-harbour");
    expect((await noticesOf(app, member.id, "security_change")).map((notice) => notice.params.change)).toEqual(["password_reset"]);
    const audit = await auditOf(app, "auth.password_reset_link", member.id);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain("lanterns");
  });

  it("the link works for 30 minutes, and dies once the password changes another way", async () => {
    const { app, advance } = testApp();
    const member = await aVerifiedPatient(app);
    expect((await forgot(app, member.username)).statusCode).toBe(200);
    const changedSince = await latestToken(app, member.id, "password_reset");
    const changed = await app.inject({
      method: "POST",
      url: "/api/user/password",
      payload: { currentPassword: member.password, newPassword: "tides-turn-slowly-here" },
      headers: { cookie: member.cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const dead = await resetWith(app, changedSince, "lanterns-over-the-harbour");
    expect(dead.statusCode).toBe(400);
    expect(dead.json().message).toMatch(/password has changed/);

    expect((await forgot(app, member.username)).statusCode).toBe(200);
    const late = await latestToken(app, member.id, "password_reset");
    advance(31 * 60_000);
    const expired = await resetWith(app, late, "lanterns-over-the-harbour");
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
    await signInAs(app, member.username, "tides-turn-slowly-here");
  });

  it("a link of another purpose sets no password", async () => {
    const { app } = testApp();
    const member = await aPatientWithEmail(app);
    const verification = await latestToken(app, member.id, "email_verification");
    const refused = await resetWith(app, verification, "lanterns-over-the-harbour");
    expect(refused.statusCode).toBe(400);
    await signInAs(app, member.username, member.password);
  });
});

describeApp('security notices and "this was not me"', (testApp) => {
  it("each change to how a member signs in writes them a notice in its transaction", async () => {
    const { app } = testApp();
    const member = await aVerifiedPatient(app);
    await turnOnAuthenticator(app, member);
    const off = await app.inject({ method: "DELETE", url: "/api/account/totp", headers: { cookie: member.cookie } });
    expect(off.statusCode, off.body).toBe(200);
    const changed = await app.inject({
      method: "POST",
      url: "/api/user/password",
      payload: { currentPassword: member.password, newPassword: "tides-turn-slowly-here" },
      headers: { cookie: member.cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const admin = await aStaffMember(app, "admin");
    expect((await app.inject({ method: "POST", url: `/api/admin/users/${member.id}/one-time-password`, headers: { cookie: admin.cookie } })).statusCode).toBe(
      200,
    );
    const notices = await noticesOf(app, member.id, "security_change");
    expect(notices.map((notice) => notice.params.change)).toEqual(["two_step_on", "two_step_off", "password_changed", "one_time_password"]);
    expect(new Set(notices.map((notice) => notice.toAddress))).toEqual(new Set([member.email]));
    expect(notices[0]!.subject).toBe("Two-step sign-in is on");
  });

  it("adding and removing a passkey each write one", async () => {
    const { app } = testApp();
    const member = await aVerifiedPatient(app);
    const options = await app.inject({ method: "POST", url: "/api/account/passkeys/options", headers: { cookie: member.cookie } });
    expect(options.statusCode, options.body).toBe(200);
    // No PUBLIC_ORIGIN here: passkeys are bound to the origin the request came to.
    const response = new SoftAuthenticator("http://localhost:80").create(options.json());
    const added = await app.inject({ method: "POST", url: "/api/account/passkeys", payload: { name: "Laptop", response }, headers: { cookie: member.cookie } });
    expect(added.statusCode, added.body).toBe(200);
    const removed = await app.inject({ method: "DELETE", url: `/api/account/passkeys/${added.json().passkey.id}`, headers: { cookie: member.cookie } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await noticesOf(app, member.id, "security_change")).map((notice) => notice.params.change)).toEqual(["passkey_added", "passkey_removed"]);
  });

  it("a member without a verified address gets none", async () => {
    const { app } = testApp();
    const member = await aPatientWithEmail(app);
    await turnOnAuthenticator(app, member);
    expect(await noticesOf(app, member.id, "security_change")).toEqual([]);
  });

  it('"this was not me" ends every session, is audited, tells the admins, and works once', async () => {
    const { app } = testApp();
    const adminEmail = uniqueEmail();
    const admin = await createUser(app.clinic, {
      username: `watch${Date.now()}`,
      password: "calm-waters-run-deep",
      role: "admin",
      firstName: "Ada",
      lastName: "Watch",
      phoneNumber: "(555) 999-0000",
      dateOfBirth: "1970-01-01",
      email: adminEmail,
    });
    expect((await verify(app, await latestToken(app, admin.id, "email_verification"))).statusCode).toBe(200);
    const member = await aVerifiedPatient(app);
    const elsewhere = await signInAs(app, member.username, member.password);
    await turnOnAuthenticator(app, member);
    const token = await latestToken(app, member.id, "security_change");

    const reported = await app.inject({ method: "POST", url: "/api/account/not-me", payload: { token } });
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json().sessionsEnded).toBeGreaterThanOrEqual(1);
    for (const session of [member, elsewhere]) {
      expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: session.cookie } })).statusCode).toBe(401);
    }
    expect(await auditOf(app, "auth.report_not_me", member.id)).toHaveLength(1);
    const told = await noticesOf(app, admin.id, "not_me_reported");
    expect(told.map((notice) => notice.toAddress)).toEqual([adminEmail]);

    const twice = await app.inject({ method: "POST", url: "/api/account/not-me", payload: { token } });
    expect(twice.statusCode).toBe(409);
    const tamperedLink = await app.inject({
      method: "POST",
      url: "/api/account/not-me",
      payload: { token: tampered(token, (claims) => (claims.userId = admin.id)) },
    });
    expect(tamperedLink.statusCode).toBe(400);
  });
});
