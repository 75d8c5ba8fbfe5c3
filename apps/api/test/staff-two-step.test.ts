// The clinic's policy "Require two-step sign-in for doctors and admins": a staff member without it
// may read themselves and set it up, and nothing else, on any door; patients are not asked. And
// the admin's reset of a member's two-step sign-in, for one who lost every factor.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import WebSocket from "ws";
import { issueEnrolmentCodeFromConsole, resetTwoStepFromConsole, totpCodeAt } from "@halcyon/domain";
import { aStaffMember, deniedAccesses, listen, recheck, type SignedIn, signInAs, turnOnAuthenticator } from "./clinic-helpers";
import { describeApp, register } from "./helper";
import { SoftAuthenticator } from "./soft-authenticator";

const ORIGIN = "https://clinic.example";

function get(app: FastifyInstance, who: SignedIn, url: string) {
  return app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
}

async function socketAnswer(app: FastifyInstance, who: SignedIn): Promise<number> {
  const base = await listen(app);
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace("http", "ws")}/ws`, { headers: { cookie: who.cookie } });
    socket.on("open", () => {
      socket.close();
      resolve(101);
    });
    socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    socket.on("error", reject);
  });
}

describeApp(
  "two-step sign-in required of staff",
  (testApp) => {
    it("lets a doctor without it read themselves and set it up, and refuses everything else on every door until then", async () => {
      const { app } = testApp();
      const doctor = await aStaffMember(app, "doctor");

      const me = await get(app, doctor, "/api/user");
      expect(me.statusCode).toBe(200);
      expect(me.json().twoStepSetupRequired).toBe(true);
      for (const url of ["/api/appointments", "/api/messages/unread", "/api/account/sessions"]) {
        const refused = await get(app, doctor, url);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json().code, url).toBe("TWO_STEP_REQUIRED");
      }
      const overTrpc = await app.inject({ method: "GET", url: "/trpc/appointments.list", headers: { cookie: doctor.cookie } });
      expect(overTrpc.statusCode).toBe(403);
      expect(overTrpc.json().error.data.reason).toBe("TWO_STEP_REQUIRED");
      // Each refusal is audited, as every refused access is.
      const refusals = await deniedAccesses(app, doctor.id);
      expect(refusals.length).toBeGreaterThanOrEqual(4);
      expect(refusals.every((row) => row.reason === "TWO_STEP_REQUIRED")).toBe(true);
      expect(await socketAnswer(app, doctor)).toBe(403);
      const socketRefusals = (await deniedAccesses(app, doctor.id)).filter((row) => row.procedure === "websocket.connect");
      expect(socketRefusals).toEqual([{ procedure: "websocket.connect", reason: "TWO_STEP_REQUIRED" }]);

      expect((await get(app, doctor, "/api/account/two-step")).json()).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
      const { enrolmentCode } = await issueEnrolmentCodeFromConsole(app.clinic, doctor.username);
      await turnOnAuthenticator(app, doctor, { enrolmentCode });
      expect((await get(app, doctor, "/api/user")).json().twoStepSetupRequired).toBe(false);
      expect((await get(app, doctor, "/api/appointments")).statusCode).toBe(200);
    });

    it("does not ask it of patients", async () => {
      const { app } = testApp();
      const { response, cookie } = await register(app);
      expect(response.json().twoStepSetupRequired).toBe(false);
      expect((await app.inject({ method: "GET", url: "/api/appointments", headers: { cookie: cookie! } })).statusCode).toBe(200);
    });
  },
  { REQUIRE_STAFF_TWO_STEP: "true" },
);

describeApp("the staff two-step policy as a clinic setting", (testApp) => {
  it("is off outside production until an admin with two-step sign-in turns it on, which applies to signed-in staff at once, and off again only after a re-check", async () => {
    const { app, advance } = testApp();
    const admin = await aStaffMember(app, "admin");
    const doctor = await aStaffMember(app, "doctor");
    const before = await get(app, admin, "/api/admin/settings");
    const settings: Record<string, unknown> = before.json();
    expect(before.json().requireStaffTwoStep).toBe(false);
    expect((await get(app, doctor, "/api/appointments")).statusCode).toBe(200);

    // An admin without it would shut themselves out: they are asked to set up their own first.
    const tooSoon = await app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      payload: { ...settings, requireStaffTwoStep: true },
      headers: { cookie: admin.cookie },
    });
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json().message).toMatch(/for yourself first/);
    expect((await get(app, admin, "/api/admin/settings")).json().requireStaffTwoStep).toBe(false);
    await turnOnAuthenticator(app, admin);

    const saved = await app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      payload: { ...settings, requireStaffTwoStep: true },
      headers: { cookie: admin.cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().requireStaffTwoStep).toBe(true);
    const audited = await app.clinic.db.selectFrom("audit_log").select("details").where("action", "=", "admin.settings_update").execute();
    expect(audited.map((row) => JSON.parse(String(row.details)))).toContainEqual({ changed: ["requireStaffTwoStep"], requireStaffTwoStep: true });
    expect((await get(app, doctor, "/api/appointments")).json().code).toBe("TWO_STEP_REQUIRED");
    // A change that leaves the setting out keeps it.
    const { requireStaffTwoStep: _left, ...others } = saved.json();
    const resaved = await app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      payload: { ...others, idleTimeoutMinutes: 45 },
      headers: { cookie: admin.cookie },
    });
    expect(resaved.json().requireStaffTwoStep).toBe(true);

    // Turning it off needs the admin's password (or passkey) again within 5 minutes.
    advance(6 * 60_000);
    const off = { ...resaved.json(), requireStaffTwoStep: false };
    const unchecked = await app.inject({ method: "PUT", url: "/api/admin/settings", payload: off, headers: { cookie: admin.cookie } });
    expect(unchecked.statusCode).toBe(403);
    expect(unchecked.json().code).toBe("REAUTH_REQUIRED");
    expect((await get(app, admin, "/api/admin/settings")).json().requireStaffTwoStep).toBe(true);
    expect((await recheck(app, admin)).statusCode).toBe(200);
    const turnedOff = await app.inject({ method: "PUT", url: "/api/admin/settings", payload: off, headers: { cookie: admin.cookie } });
    expect(turnedOff.json().requireStaffTwoStep).toBe(false);
  });
});

describeApp("an admin's reset of a member's two-step sign-in", (testApp) => {
  it("removes every factor, ends the member's sessions, tells them at their next sign-in, and is audited", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const doctor = await aStaffMember(app, "doctor");
    await turnOnAuthenticator(app, doctor);

    const reset = await app.inject({ method: "DELETE", url: `/api/admin/users/${doctor.id}/two-step`, headers: { cookie: admin.cookie } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await get(app, doctor, "/api/user")).statusCode).toBe(401);

    const signIn = await app.inject({ method: "POST", url: "/api/login", payload: { username: doctor.username, password: doctor.password } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).not.toHaveProperty("mfaRequired");
    const again = await signInAs(app, doctor.username, doctor.password);
    expect((await get(app, again, "/api/account/notices")).json().map((notice: { kind: string }) => notice.kind)).toEqual(["two_step_reset"]);

    const audit = await app.clinic.db.selectFrom("audit_log").selectAll().where("action", "=", "admin.two_step_reset").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.id, target_id: String(doctor.id), outcome: "success" });

    const nothingLeft = await app.inject({ method: "DELETE", url: `/api/admin/users/${doctor.id}/two-step`, headers: { cookie: admin.cookie } });
    expect(nothingLeft.statusCode).toBe(409);

    // Not one's own (the account page turns it off, after a re-check), nor a deactivated account's.
    await turnOnAuthenticator(app, admin);
    const own = await app.inject({ method: "DELETE", url: `/api/admin/users/${admin.id}/two-step`, headers: { cookie: admin.cookie } });
    expect(own.statusCode).toBe(409);
    const colleague = await aStaffMember(app, "doctor");
    await turnOnAuthenticator(app, colleague);
    expect(
      (await app.inject({ method: "PATCH", url: `/api/admin/users/${colleague.id}`, payload: { active: false }, headers: { cookie: admin.cookie } }))
        .statusCode,
    ).toBe(200);
    const deactivated = await app.inject({ method: "DELETE", url: `/api/admin/users/${colleague.id}/two-step`, headers: { cookie: admin.cookie } });
    expect(deactivated.statusCode).toBe(409);
    expect((await app.clinic.db.selectFrom("users").select("two_step_enabled").where("id", "=", colleague.id).executeTakeFirstOrThrow()).two_step_enabled).toBe(
      1,
    );
  });

  it("is also the console's, for a clinic whose only admin lost every factor, passkeys included", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    await turnOnAuthenticator(app, admin);
    const authenticator = new SoftAuthenticator("http://localhost:80");
    const options = (await app.inject({ method: "POST", url: "/api/account/passkeys/options", headers: { cookie: admin.cookie } })).json();
    const added = await app.inject({
      method: "POST",
      url: "/api/account/passkeys",
      payload: { name: "Office key", response: authenticator.create(options) },
      headers: { cookie: admin.cookie },
    });
    expect(added.statusCode, added.body).toBe(200);

    await resetTwoStepFromConsole(app.clinic, admin.username.toUpperCase());
    expect((await get(app, admin, "/api/user")).statusCode).toBe(401);
    const signIn = await app.inject({ method: "POST", url: "/api/login", payload: { username: admin.username, password: admin.password } });
    expect(signIn.json()).not.toHaveProperty("mfaRequired");
    for (const table of ["totp_factors", "passkeys", "recovery_codes"] as const) {
      expect(await app.clinic.db.selectFrom(table).select("user_id").where("user_id", "=", admin.id).execute(), table).toEqual([]);
    }
    const audit = await app.clinic.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "admin.two_step_reset")
      .where("target_id", "=", String(admin.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: null, outcome: "success" });
    expect(JSON.parse(String(audit[0]!.details))).toMatchObject({ console: true });
    await expect(resetTwoStepFromConsole(app.clinic, admin.username)).rejects.toThrow(/nothing to reset/);
    await expect(resetTwoStepFromConsole(app.clinic, "nobody-here")).rejects.toThrow(/No user is called/);
  });

  it("is for admins who have just confirmed their password, and a password reset by an admin leaves two-step sign-in on", async () => {
    const { app, advance } = testApp();
    const admin = await aStaffMember(app, "admin");
    const doctor = await aStaffMember(app, "doctor");
    const colleague = await aStaffMember(app, "doctor");
    await turnOnAuthenticator(app, doctor);

    const refused = await app.inject({ method: "DELETE", url: `/api/admin/users/${doctor.id}/two-step`, headers: { cookie: colleague.cookie } });
    expect(refused.statusCode).toBe(403);

    // An admin session alone is not enough: its password must have been checked within 5 minutes.
    advance(6 * 60_000);
    const unchecked = await app.inject({ method: "DELETE", url: `/api/admin/users/${doctor.id}/two-step`, headers: { cookie: admin.cookie } });
    expect(unchecked.statusCode).toBe(403);
    expect(unchecked.json().code).toBe("REAUTH_REQUIRED");
    const stillOn = await app.inject({ method: "POST", url: "/api/login", payload: { username: doctor.username, password: doctor.password } });
    expect(stillOn.json()).toMatchObject({ mfaRequired: true });

    // A one-time password is as powerful: it too waits for the admin's re-check.
    const rechecked = await recheck(app, admin);
    expect(rechecked.statusCode, rechecked.body).toBe(200);
    const issued = await app.inject({ method: "POST", url: `/api/admin/users/${doctor.id}/one-time-password`, headers: { cookie: admin.cookie } });
    expect(issued.statusCode, issued.body).toBe(200);
    const withOneTime = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: doctor.username, password: issued.json().oneTimePassword },
    });
    expect(withOneTime.json()).toEqual({ mfaRequired: true, methods: ["totp", "recovery_code"] });
  });
});

describeApp(
  "enrolment of staff who must sign in in two steps",
  (testApp) => {
    const reauth = (app: FastifyInstance, who: SignedIn & { password: string }) =>
      app.inject({ method: "POST", url: "/api/account/reauth", payload: { password: who.password }, headers: { cookie: who.cookie } });
    const issue = (app: FastifyInstance, admin: SignedIn, userId: number) =>
      app.inject({ method: "POST", url: `/api/admin/users/${userId}/enrolment-code`, headers: { cookie: admin.cookie } });
    const confirmTotp = async (app: FastifyInstance, who: SignedIn, extra: Record<string, unknown> = {}) => {
      const setup = await app.inject({ method: "POST", url: "/api/account/totp", headers: { cookie: who.cookie } });
      expect(setup.statusCode, setup.body).toBe(200);
      const code = await totpCodeAt(setup.json().secret, app.clinic.now());
      return app.inject({ method: "POST", url: "/api/account/totp/confirm", payload: { code, ...extra }, headers: { cookie: who.cookie } });
    };
    /** The clinic's first admin, enrolled with a code from the console (no admin could issue one). */
    const enrolledAdmin = async (app: FastifyInstance) => {
      const admin = await aStaffMember(app, "admin");
      const { enrolmentCode } = await issueEnrolmentCodeFromConsole(app.clinic, admin.username);
      await turnOnAuthenticator(app, admin, { enrolmentCode });
      return admin;
    };

    it("refuses to turn two-step sign-in on with a password alone: an authenticator and a first passkey both need an enrolment code", async () => {
      const { app } = testApp();
      // Whoever holds only the doctor's password holds this session.
      const doctor = await aStaffMember(app, "doctor");
      const missing = await confirmTotp(app, doctor);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/enrolment code an admin gave you/);
      const wrong = await confirmTotp(app, doctor, { enrolmentCode: "AAAA-BBBB-CCCC-DDDD" });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toMatch(/not right, or it has expired/);

      const options = await app.inject({ method: "POST", url: "/api/account/passkeys/options", headers: { cookie: doctor.cookie } });
      const passkey = await app.inject({
        method: "POST",
        url: "/api/account/passkeys",
        payload: { name: "Thief's key", response: new SoftAuthenticator(ORIGIN).create(options.json()) },
        headers: { cookie: doctor.cookie },
      });
      expect(passkey.statusCode).toBe(400);
      expect(passkey.json().message).toMatch(/enrolment code an admin gave you/);

      expect((await get(app, doctor, "/api/user")).json().twoStepSetupRequired).toBe(true);
      expect((await get(app, doctor, "/api/account/two-step")).json()).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0 });
    });

    it("takes an admin's enrolment code once, within 24 hours; issuing it is audited and needs the admin's re-check", async () => {
      const { app, advance } = testApp();
      const admin = await enrolledAdmin(app);
      const doctor = await aStaffMember(app, "doctor");
      const issued = await issue(app, admin, doctor.id);
      expect(issued.statusCode, issued.body).toBe(200);
      const { enrolmentCode, expiresAt } = issued.json();
      expect(enrolmentCode).toMatch(/^([A-HJKMNP-Z2-9]{4}-){3}[A-HJKMNP-Z2-9]{4}$/);
      expect(Date.parse(expiresAt) - app.clinic.now().getTime()).toBeGreaterThan(23.9 * 3_600_000);
      const audited = await app.clinic.db
        .selectFrom("audit_log")
        .select(["actor_id", "target_id"])
        .where("action", "=", "admin.enrolment_code_issue")
        .where("target_id", "=", String(doctor.id))
        .execute();
      expect(audited).toEqual([{ actor_id: admin.id, target_id: String(doctor.id) }]);
      // Only its hash is kept.
      const row = await app.clinic.db.selectFrom("enrolment_codes").selectAll().where("user_id", "=", doctor.id).executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(enrolmentCode.replace(/-/g, ""));

      // Typed in lower case and without dashes, it is the same code.
      const done = await confirmTotp(app, doctor, { enrolmentCode: enrolmentCode.toLowerCase().replace(/-/g, "") });
      expect(done.statusCode, done.body).toBe(200);
      expect((await get(app, doctor, "/api/user")).json().twoStepSetupRequired).toBe(false);
      expect(await app.clinic.db.selectFrom("enrolment_codes").select("user_id").where("user_id", "=", doctor.id).executeTakeFirst()).toBeUndefined();

      // A code past its 24 hours is refused, and the colleague stays without two-step sign-in.
      const colleague = await aStaffMember(app, "doctor");
      expect((await reauth(app, admin)).statusCode).toBe(200);
      const late = (await issue(app, admin, colleague.id)).json().enrolmentCode as string;
      advance(24 * 3_600_000 + 60_000);
      const again = await signInAs(app, colleague.username, colleague.password);
      const expired = await confirmTotp(app, again, { enrolmentCode: late });
      expect(expired.statusCode).toBe(400);
      expect((await get(app, again, "/api/user")).json().twoStepSetupRequired).toBe(true);
    });

    it("is issued only by an admin, only to active staff without a second step", async () => {
      const { app } = testApp();
      const admin = await enrolledAdmin(app);
      const patient = await register(app);
      const enrolled = await aStaffMember(app, "doctor");
      await turnOnAuthenticator(app, enrolled, { enrolmentCode: (await issueEnrolmentCodeFromConsole(app.clinic, enrolled.username)).enrolmentCode });
      const doctor = await aStaffMember(app, "doctor");
      expect((await issue(app, admin, patient.response.json().id)).statusCode).toBe(409);
      expect((await issue(app, admin, enrolled.id)).statusCode).toBe(409);
      expect((await issue(app, admin, 999_999)).statusCode).toBe(404);
      // A doctor may not issue one, not even for themselves (nor reach anything else before enrolling).
      const self = await issue(app, doctor, doctor.id);
      expect(self.statusCode).toBe(403);
      expect(await app.clinic.db.selectFrom("enrolment_codes").select("user_id").where("user_id", "=", doctor.id).executeTakeFirst()).toBeUndefined();
    });
  },
  { REQUIRE_STAFF_TWO_STEP: "true", PUBLIC_ORIGIN: ORIGIN },
);
