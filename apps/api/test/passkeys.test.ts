// Passkeys: registered from the account after a recent sign-in, then the whole sign-in on their
// own, the second step after a password, or a re-check; bound to PUBLIC_ORIGIN; each challenge good
// once, for one ceremony, for a few minutes; removal after a re-check.
import { issueEnrolmentCodeFromConsole } from "@halcyon/domain";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { aStaffMember } from "./clinic-helpers";
import { describeApp, newPatient, register, sessionCookie } from "./helper";
import { SoftAuthenticator } from "./soft-authenticator";
import { randomBytes } from "node:crypto";
import { newKeyPair, sealPrivateKey, sealWithKey } from "@halcyon/sealed";

const ORIGIN = "https://clinic.example";

function pendingCookie(response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name.endsWith("halcyon_pending"));
  return cookie && cookie.value ? `${cookie.name}=${cookie.value}` : undefined;
}

function post(app: FastifyInstance, url: string, cookie?: string, payload?: object) {
  return app.inject({ method: "POST", url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload }) });
}

async function passkeyOptions(app: FastifyInstance, cookie?: string) {
  const response = await post(app, "/api/login/passkey/options", cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

interface Member {
  id: number;
  username: string;
  password: string;
  cookie: string;
  authenticator: SoftAuthenticator;
  passkeyId: number;
  /** The passkey's credential id, base64url, as the browser's assertion names it. */
  credentialId: string;
  recoveryCodes: string[];
}

/** A new patient who has added a passkey held by their own software authenticator. */
async function memberWithPasskey(app: FastifyInstance, name = "My laptop"): Promise<Member> {
  const body = newPatient();
  const { response, cookie } = await register(app, body);
  const authenticator = new SoftAuthenticator(ORIGIN);
  const options = await post(app, "/api/account/passkeys/options", cookie);
  expect(options.statusCode, options.body).toBe(200);
  const created = authenticator.create(options.json());
  const added = await post(app, "/api/account/passkeys", cookie, { name, response: created });
  expect(added.statusCode, added.body).toBe(200);
  return {
    credentialId: created.id,
    id: response.json().id,
    username: body.username,
    password: body.password,
    cookie: cookie!,
    authenticator,
    passkeyId: added.json().passkey.id,
    recoveryCodes: added.json().recoveryCodes,
  };
}

describeApp(
  "passkeys",
  (testApp) => {
    it("registers a named passkey bound to PUBLIC_ORIGIN, turning two-step sign-in on with ten recovery codes, shown once", async () => {
      const { app } = testApp();
      const { cookie } = await register(app, newPatient({ firstName: "Ana", lastName: "Silva" }));
      const options = (await post(app, "/api/account/passkeys/options", cookie)).json();
      expect(options.rp).toEqual({ id: "clinic.example", name: "Halcyon" });
      expect(options.user.displayName).toBe("Ana Silva");
      expect(options.authenticatorSelection).toMatchObject({ residentKey: "required", userVerification: "required" });

      const authenticator = new SoftAuthenticator(ORIGIN);
      const added = await post(app, "/api/account/passkeys", cookie, { name: "  Phone  ", response: authenticator.create(options) });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().passkey).toMatchObject({ name: "Phone", lastUsedAt: null });
      expect(added.json().recoveryCodes).toHaveLength(10);

      // A second passkey keeps the codes the member has, and carries the same random user handle.
      const second = (await post(app, "/api/account/passkeys/options", cookie)).json();
      expect(second.excludeCredentials).toHaveLength(1);
      expect(second.user.id).toBe(options.user.id);
      expect(Buffer.from(options.user.id, "base64url")).toHaveLength(32);
      const { cookie: otherCookie } = await register(app, newPatient());
      expect((await post(app, "/api/account/passkeys/options", otherCookie)).json().user.id).not.toBe(options.user.id);
      const another = await post(app, "/api/account/passkeys", cookie, { name: "Key", response: new SoftAuthenticator(ORIGIN).create(second) });
      expect(another.json().recoveryCodes).toEqual([]);

      const listed = await app.inject({ method: "GET", url: "/api/account/passkeys", headers: { cookie: cookie! } });
      expect(listed.json().map((passkey: { name: string }) => passkey.name)).toEqual(["Phone", "Key"]);
      const status = await app.inject({ method: "GET", url: "/api/account/two-step", headers: { cookie: cookie! } });
      expect(status.json()).toEqual({ totp: false, passkeys: 2, recoveryCodesLeft: 10 });
      const audited = await app.clinic.db.selectFrom("audit_log").select("action").where("action", "=", "auth.passkey_add").execute();
      expect(audited.length).toBeGreaterThanOrEqual(2);
    });

    it("refuses a passkey made for another origin, one whose person was not verified, and a challenge used twice", async () => {
      const { app } = testApp();
      const { cookie } = await register(app);
      const options = (await post(app, "/api/account/passkeys/options", cookie)).json();
      const phishing = await post(app, "/api/account/passkeys", cookie, {
        name: "Phish",
        response: new SoftAuthenticator("https://clinic.example.evil").create(options),
      });
      expect(phishing.statusCode).toBe(400);
      expect(phishing.json().message).toBe("That passkey could not be added. Please try again.");

      const unverified = new SoftAuthenticator(ORIGIN);
      unverified.verifiesUser = false;
      const fresh = (await post(app, "/api/account/passkeys/options", cookie)).json();
      expect((await post(app, "/api/account/passkeys", cookie, { name: "Lazy", response: unverified.create(fresh) })).statusCode).toBe(400);

      const again = (await post(app, "/api/account/passkeys/options", cookie)).json();
      const response = new SoftAuthenticator(ORIGIN).create(again);
      expect((await post(app, "/api/account/passkeys", cookie, { name: "Once", response })).statusCode).toBe(200);
      expect((await post(app, "/api/account/passkeys", cookie, { name: "Twice", response })).statusCode).toBe(400);
      expect((await app.inject({ method: "GET", url: "/api/account/passkeys", headers: { cookie: cookie! } })).json()).toHaveLength(1);
    });

    it("is the whole sign-in on its own, without a username; the same answer is not taken twice", async () => {
      const { app } = testApp();
      const member = await memberWithPasskey(app);
      const options = await passkeyOptions(app);
      expect(options.rpId).toBe("clinic.example");
      expect(options.allowCredentials).toEqual([]);
      const response = member.authenticator.get(options);
      const signedIn = await post(app, "/api/login/passkey", undefined, { response });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json()).toMatchObject({ id: member.id, username: member.username });
      const cookie = sessionCookie(signedIn)!;
      expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode).toBe(200);
      const listed = await app.inject({ method: "GET", url: "/api/account/passkeys", headers: { cookie } });
      expect(listed.json()[0].lastUsedAt).not.toBeNull();

      const replayed = await post(app, "/api/login/passkey", undefined, { response });
      expect(replayed.statusCode).toBe(401);
      expect(sessionCookie(replayed)).toBeUndefined();
      const login = await app.clinic.db
        .selectFrom("audit_log")
        .select(["outcome", "details"])
        .where("action", "=", "auth.login")
        .where("actor_id", "=", member.id)
        .execute();
      expect(login.some((row) => row.outcome === "success" && String(row.details).includes("passkey"))).toBe(true);
    });

    it("refuses a challenge that has expired, or that was made for registering", async () => {
      const { app, advance } = testApp();
      const member = await memberWithPasskey(app);
      const stale = await passkeyOptions(app);
      advance(5 * 60_000 + 1);
      expect((await post(app, "/api/login/passkey", undefined, { response: member.authenticator.get(stale) })).statusCode).toBe(401);

      const signedIn = await post(app, "/api/login", undefined, { username: member.username, password: member.password });
      expect(signedIn.json().methods).toEqual(["passkey", "recovery_code"]);
      const second = await post(app, "/api/login/mfa", pendingCookie(signedIn), {
        passkey: member.authenticator.get(await passkeyOptions(app, pendingCookie(signedIn))),
      });
      const cookie = sessionCookie(second)!;
      const registration = (await post(app, "/api/account/passkeys/options", cookie)).json();
      const misused = member.authenticator.get({ ...registration, allowCredentials: [] });
      expect((await post(app, "/api/login/passkey", undefined, { response: misused })).statusCode).toBe(401);
    });

    it("completes a password sign-in as its second step, with the member's own passkey only", async () => {
      const { app } = testApp();
      const member = await memberWithPasskey(app);
      const stranger = await memberWithPasskey(app);

      const first = await post(app, "/api/login", undefined, { username: member.username, password: member.password });
      expect(first.json()).toEqual({ mfaRequired: true, methods: ["passkey", "recovery_code"] });
      expect(sessionCookie(first)).toBeUndefined();
      const pending = pendingCookie(first)!;
      const options = await passkeyOptions(app, pending);
      expect(options.allowCredentials).toHaveLength(1);

      // Someone else's passkey, over a challenge of their own, does not complete this sign-in.
      const foreign = await post(app, "/api/login/mfa", pending, { passkey: stranger.authenticator.get(await passkeyOptions(app)) });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe("That passkey was not accepted. Please try again.");
      expect(sessionCookie(foreign)).toBeUndefined();

      const done = await post(app, "/api/login/mfa", pending, { passkey: member.authenticator.get(options) });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().id).toBe(member.id);
      expect(sessionCookie(done)).toBeDefined();
    });

    it("is not a sign-in for a deactivated member", async () => {
      const { app } = testApp();
      const member = await memberWithPasskey(app);
      await app.clinic.db.updateTable("users").set({ deactivated_at: new Date().toISOString() }).where("id", "=", member.id).execute();
      const refused = await post(app, "/api/login/passkey", undefined, { response: member.authenticator.get(await passkeyOptions(app)) });
      expect(refused.statusCode).toBe(403);
      expect(sessionCookie(refused)).toBeUndefined();
    });

    it("is no sign-in on its own while an admin's one-time password waits: that password signs in, the passkey only as its second step", async () => {
      const { app } = testApp();
      const member = await memberWithPasskey(app);
      const admin = await aStaffMember(app, "admin");
      const issued = await post(app, `/api/admin/users/${member.id}/one-time-password`, admin.cookie);
      expect(issued.statusCode, issued.body).toBe(200);
      // Whoever added this passkey does not get to choose the next password without the one-time one.
      const alone = await post(app, "/api/login/passkey", undefined, { response: member.authenticator.get(await passkeyOptions(app)) });
      expect(alone.statusCode).toBe(403);
      expect(alone.json().message).toMatch(/one-time password you were given/);
      expect(sessionCookie(alone)).toBeUndefined();

      const first = await post(app, "/api/login", undefined, { username: member.username, password: issued.json().oneTimePassword });
      expect(first.json()).toMatchObject({ mfaRequired: true });
      const pending = pendingCookie(first);
      const done = await post(app, "/api/login/mfa", pending, { passkey: member.authenticator.get(await passkeyOptions(app, pending)) });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ id: member.id, mustChangePassword: true });
    });

    it("is renamed by its owner only, and removed only after a recent re-check, by password or passkey", async () => {
      const { app, advance } = testApp();
      const member = await memberWithPasskey(app);
      const other = await memberWithPasskey(app);
      const path = `/api/account/passkeys/${member.passkeyId}`;

      const renamed = await app.inject({ method: "PATCH", url: path, payload: { name: "Work laptop" }, headers: { cookie: member.cookie } });
      expect(renamed.json().name).toBe("Work laptop");
      const blank = await app.inject({ method: "PATCH", url: path, payload: { name: "  " }, headers: { cookie: member.cookie } });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe("Name your passkey.");
      expect((await app.inject({ method: "PATCH", url: path, payload: { name: "Mine now" }, headers: { cookie: other.cookie } })).statusCode).toBe(404);
      // The rename is in the record, by whom and to what; the refused one is not.
      const renames = await app.clinic.db.selectFrom("audit_log").select(["actor_id", "details"]).where("action", "=", "auth.passkey_rename").execute();
      expect(renames.map((row) => [row.actor_id, JSON.parse(String(row.details)).name])).toEqual([[member.id, "Work laptop"]]);
      expect((await app.inject({ method: "DELETE", url: path, headers: { cookie: other.cookie } })).statusCode).toBe(404);

      advance(5 * 60_000 + 1);
      const tooLate = await app.inject({ method: "DELETE", url: path, headers: { cookie: member.cookie } });
      expect(tooLate.statusCode).toBe(403);
      expect(tooLate.json().code).toBe("REAUTH_REQUIRED");
      expect((await post(app, "/api/account/passkeys/options", member.cookie)).json().code).toBe("REAUTH_REQUIRED");

      // Someone else's passkey is no re-check of this member.
      const foreign = await post(app, "/api/account/reauth", member.cookie, { passkey: other.authenticator.get(await passkeyOptions(app)) });
      expect(foreign.statusCode).toBe(400);
      const rechecked = await post(app, "/api/account/reauth", member.cookie, { passkey: member.authenticator.get(await passkeyOptions(app, member.cookie)) });
      expect(rechecked.statusCode, rechecked.body).toBe(200);

      const removed = await app.inject({ method: "DELETE", url: path, headers: { cookie: member.cookie } });
      expect(removed.statusCode, removed.body).toBe(200);
      const status = await app.inject({ method: "GET", url: "/api/account/two-step", headers: { cookie: member.cookie } });
      expect(status.json()).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
      // With its last factor gone, the password alone signs in again.
      const signedIn = await post(app, "/api/login", undefined, { username: member.username, password: member.password });
      expect(signedIn.json().id).toBe(member.id);
      expect((await post(app, "/api/login/passkey", undefined, { response: member.authenticator.get(await passkeyOptions(app)) })).statusCode).toBe(401);
    });

    it("leaves a member with passkeys only their recovery codes, which go with their last passkey", async () => {
      const { app } = testApp();
      const member = await memberWithPasskey(app);
      const first = await post(app, "/api/login", undefined, { username: member.username, password: member.password });
      const byCode = await post(app, "/api/login/mfa", pendingCookie(first), { code: member.recoveryCodes[0] });
      expect(byCode.statusCode, byCode.body).toBe(200);
      expect((await app.inject({ method: "GET", url: "/api/account/two-step", headers: { cookie: member.cookie } })).json().recoveryCodesLeft).toBe(9);

      expect((await app.inject({ method: "DELETE", url: `/api/account/passkeys/${member.passkeyId}`, headers: { cookie: member.cookie } })).statusCode).toBe(
        200,
      );
      const codes = await app.clinic.db.selectFrom("recovery_codes").select("id").where("user_id", "=", member.id).execute();
      expect(codes).toEqual([]);
    });

    it("checks the re-check and the limit of 10 passkeys again when the passkey is saved", async () => {
      const { app, advance } = testApp();
      const { cookie } = await register(app);
      const pending = await Promise.all(Array.from({ length: 11 }, async () => (await post(app, "/api/account/passkeys/options", cookie)).json()));
      for (const [index, options] of pending.entries()) {
        const saved = await post(app, "/api/account/passkeys", cookie, { name: `Key ${index + 1}`, response: new SoftAuthenticator(ORIGIN).create(options) });
        expect(saved.statusCode, `passkey ${index + 1}`).toBe(index < 10 ? 200 : 409);
      }
      expect((await app.inject({ method: "GET", url: "/api/account/passkeys", headers: { cookie: cookie! } })).json()).toHaveLength(10);

      const { cookie: late } = await register(app);
      const options = (await post(app, "/api/account/passkeys/options", late)).json();
      advance(5 * 60_000 + 1);
      const saved = await post(app, "/api/account/passkeys", late, { name: "Late", response: new SoftAuthenticator(ORIGIN).create(options) });
      expect(saved.json().code).toBe("REAUTH_REQUIRED");
    });

    it("hands one address at most 60 challenges a quarter of an hour", async () => {
      const { app } = testApp();
      const ask = () => app.inject({ method: "POST", url: "/api/login/passkey/options", remoteAddress: "10.9.8.7" });
      for (let i = 0; i < 60; i += 1) expect((await ask()).statusCode).toBe(200);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^Too many passkey requests/);
      expect((await app.inject({ method: "POST", url: "/api/login/passkey/options", remoteAddress: "10.9.8.6" })).statusCode).toBe(200);
    });

    it("refuses a body that is not a passkey's answer with a clear error", async () => {
      const { app } = testApp();
      const bad = await post(app, "/api/login/passkey", undefined, { response: { id: "not base64url!", type: "public-key" } });
      expect(bad.statusCode).toBe(400);
      const none = await post(app, "/api/login/mfa", undefined, {});
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toMatch(/Enter the code from your authenticator app/);
    });
  },
  { PUBLIC_ORIGIN: ORIGIN },
);

describeApp(
  "passkeys and the staff policy",
  (testApp) => {
    it("count as the two-step sign-in the clinic requires of staff", async () => {
      const { app } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const authenticator = new SoftAuthenticator(ORIGIN);
      const options = await post(app, "/api/account/passkeys/options", doctor.cookie);
      expect(options.statusCode, options.body).toBe(200);
      const { enrolmentCode } = await issueEnrolmentCodeFromConsole(app.clinic, doctor.username);
      const added = await post(app, "/api/account/passkeys", doctor.cookie, {
        name: "Office key",
        response: authenticator.create(options.json()),
        enrolmentCode,
      });
      expect(added.statusCode, added.body).toBe(200);
      expect((await app.inject({ method: "GET", url: "/api/appointments", headers: { cookie: doctor.cookie } })).statusCode).toBe(200);
    });

    it("keeps the private key sealed under each passkey's PRF key, for its own passkeys only, and drops it with the passkey or the key pair", async () => {
      const { app, advance } = testApp();
      const member = await memberWithPasskey(app);
      const other = await memberWithPasskey(app);
      const put = (who: Member, url: string, payload: object) => app.inject({ method: "PUT", url, payload, headers: { cookie: who.cookie } });
      const seals = async () => (await app.inject({ method: "GET", url: "/api/keys/me", headers: { cookie: member.cookie } })).json().passkeySeals;
      const pair = await newKeyPair();
      const keys = {
        publicKey: pair.publicKey,
        sealedPrivateKey: await sealWithKey(pair.privateKey, randomBytes(32)),
        sealedRecoveryKey: await sealPrivateKey(pair.privateKey, "a recovery code"),
      };
      const sealUrl = (credentialId: string) => `/api/keys/me/passkey-seals/${credentialId}`;
      const prfSealed = await sealWithKey(pair.privateKey, randomBytes(32));
      // Nothing to seal before the member has keys; then a seal for their own passkey only.
      expect((await put(member, sealUrl(member.credentialId), { sealedPrivateKey: prfSealed })).statusCode).toBe(404);
      expect((await put(member, "/api/keys/me", keys)).statusCode).toBe(200);
      expect((await put(member, sealUrl(other.credentialId), { sealedPrivateKey: prfSealed })).statusCode).toBe(404);
      expect((await put(member, sealUrl(member.credentialId), { sealedPrivateKey: keys.sealedRecoveryKey })).statusCode).toBe(400);
      const saved = await put(member, sealUrl(member.credentialId), { sealedPrivateKey: prfSealed });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await seals()).toEqual([{ credentialId: member.credentialId, sealedPrivateKey: prfSealed }]);
      const audited = await app.clinic.db
        .selectFrom("audit_log")
        .select("id")
        .where("action", "=", "keys.passkey_seal")
        .where("actor_id", "=", member.id)
        .execute();
      expect(audited).toHaveLength(1);

      // A new key pair drops the seals of the old one.
      const next = await newKeyPair();
      expect(
        (await put(member, "/api/keys/me", { ...keys, publicKey: next.publicKey, sealedPrivateKey: await sealWithKey(next.privateKey, randomBytes(32)) }))
          .statusCode,
      ).toBe(200);
      expect(await seals()).toEqual([]);
      // The seal goes with its passkey.
      expect((await put(member, sealUrl(member.credentialId), { sealedPrivateKey: await sealWithKey(next.privateKey, randomBytes(32)) })).statusCode).toBe(200);
      expect(await seals()).toHaveLength(1);
      const removed = await app.inject({ method: "DELETE", url: `/api/account/passkeys/${member.passkeyId}`, headers: { cookie: member.cookie } });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await seals()).toEqual([]);
      // A session that has not proved itself lately stores none.
      advance(6 * 60_000);
      const stale = await put(other, "/api/keys/me/passkey-seals/" + other.credentialId, { sealedPrivateKey: prfSealed });
      expect(stale.statusCode).toBe(403);
      expect(stale.json().code).toBe("REAUTH_REQUIRED");
    });
  },
  { PUBLIC_ORIGIN: ORIGIN, REQUIRE_STAFF_TWO_STEP: "true" },
);
