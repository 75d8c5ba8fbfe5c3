// The clinic's policy "Require two-step sign-in for doctors and admins": a staff member without it
// may read themselves and set it up, and nothing else, on any door; patients are not asked. And
// the admin's reset of a member's two-step sign-in, for one who lost every factor.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import WebSocket from "ws";
import { resetTwoStepFromConsole } from "@halcyon/domain";
import { aStaffMember, listen, signInAs, turnOnAuthenticator, type SignedIn, deniedAccesses } from "./clinic-helpers";
import { describeApp, register } from "./helper";
import { SoftAuthenticator } from "./soft-authenticator";

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
      await turnOnAuthenticator(app, doctor);
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
    const recheck = await app.inject({ method: "POST", url: "/api/account/reauth", payload: { password: admin.password }, headers: { cookie: admin.cookie } });
    expect(recheck.statusCode).toBe(200);
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
