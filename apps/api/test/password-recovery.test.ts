// Getting a locked-out member back in: an admin issues a new one-time password from the users
// list; every session of the member ends; they sign in with it and choose their own password
// without typing the one-time password again. And the clinic's public profile, which the sign-in
// and team pages read.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, signInAs, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";

function issue(app: FastifyInstance, by: SignedIn, userId: number) {
  return app.inject({ method: "POST", url: `/api/admin/users/${userId}/one-time-password`, headers: { cookie: by.cookie } });
}

function changePassword(app: FastifyInstance, who: SignedIn, payload: Record<string, string>) {
  return app.inject({ method: "POST", url: "/api/user/password", payload, headers: { cookie: who.cookie } });
}

async function usernameOf(app: FastifyInstance, who: SignedIn): Promise<string> {
  return (await app.inject({ method: "GET", url: "/api/user", headers: { cookie: who.cookie } })).json().username;
}

describeApp("password recovery", (testApp) => {
  it("refuses anyone but an admin, and changes nothing", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    const doctor = await aStaffMember(app, "doctor");
    for (const caller of [patient, doctor]) expect((await issue(app, caller, patient.id)).statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: patient.cookie } })).statusCode).toBe(200);
  });

  it("ends every session, opens the account with the new one-time password only, and audits who did it", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const member = await aStaffMember(app, "doctor");
    const username = await usernameOf(app, member);
    const otherDevice = await signInAs(app, username, "calm-waters-run-deep");

    const issued = await issue(app, admin, member.id);
    expect(issued.statusCode, issued.body).toBe(200);
    const { oneTimePassword, expiresAt } = issued.json();
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);

    for (const session of [member, otherDevice]) {
      expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: session.cookie } })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: "POST", url: "/api/login", payload: { username, password: "calm-waters-run-deep" } })).statusCode).toBe(401);

    const onOneTime = await signInAs(app, username, oneTimePassword);
    expect((await changePassword(app, onOneTime, { newPassword: oneTimePassword })).statusCode).toBe(400);
    const chosen = await changePassword(app, onOneTime, { newPassword: "a-fresh-start-at-last" });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().mustChangePassword).toBe(false);
    await signInAs(app, username, "a-fresh-start-at-last");

    const audit = await app.clinic.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "auth.password_reset")
      .where("target_id", "=", String(member.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actor_id).toBe(admin.id);
    expect(JSON.stringify(audit)).not.toContain(oneTimePassword);
  });

  it("asks a session on its own password for the current one", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    const response = await changePassword(app, patient, { newPassword: "a-fresh-start-at-last" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/current password/i);
  });

  it("answers 404 for someone who does not exist", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    expect((await issue(app, admin, 999_999)).statusCode).toBe(404);
  });
});

describeApp(
  "the clinic's public profile",
  (testApp) => {
    it("tells a visitor the cancellation window and the clinicians they could book", async () => {
      const { app } = testApp();
      const doctor = await aStaffMember(app, "doctor", "Couples Therapy");
      const response = await app.inject({ method: "GET", url: "/api/clinic" });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().cancellationWindowHours).toBe(48);
      expect(response.json().clinicians).toContainEqual({
        id: doctor.id,
        firstName: "Helena",
        lastName: expect.any(String),
        specialization: "Couples Therapy",
      });
    });
  },
  { CANCELLATION_WINDOW_HOURS: "48" },
);
