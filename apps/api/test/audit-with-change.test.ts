// An audit row commits exactly when the change it records does: when the row cannot be written,
// the change is not made either. Each write path is tried with an audit sink that refuses that
// path's row (after writing it, so the refusal comes as late as it can), and the change must be
// absent afterwards, on both databases.
import type { AuditEvent } from "@halcyon/db";
import type { AuditSink } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { afterEach, expect, it } from "vitest";
import { aStaffMember, signInAs, type SignedIn } from "./clinic-helpers";
import { describeApp, newPatient, register } from "./helper";

/** Makes the app's audit sink refuse every row of `action`; answers how to put it back. */
function refuseAuditOf(app: FastifyInstance, action: string): () => void {
  const real = app.clinic.audit;
  const refusing: AuditSink = {
    record: (event) => real.record(event),
    async recordIn(trx, event: AuditEvent) {
      await real.recordIn(trx, event);
      if (event.action === action) throw new Error(`the audit row of ${action} could not be written`);
    },
  };
  app.clinic.audit = refusing;
  return () => void (app.clinic.audit = real);
}

const call = (app: FastifyInstance, who: SignedIn | null, method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
  app.inject({ method, url, ...(payload ? { payload } : {}), headers: who ? { cookie: who.cookie } : {} });

async function stillSignedIn(app: FastifyInstance, who: SignedIn): Promise<boolean> {
  return (await call(app, who, "GET", "/api/user")).statusCode === 200;
}

describeApp("an audit row commits with its change", (testApp) => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it("signing in, signing out and registering", async () => {
    const { app } = testApp();
    const body = newPatient();
    const registered = await register(app, body);
    expect(registered.response.statusCode).toBe(200);
    const member: SignedIn = { id: registered.response.json().id, cookie: registered.cookie! };

    restore = refuseAuditOf(app, "auth.login");
    const refusedSignIn = await call(app, null, "POST", "/api/login", { username: body.username, password: body.password });
    expect(refusedSignIn.statusCode).toBe(500);
    expect(refusedSignIn.headers["set-cookie"]).toBeUndefined();
    const sessions = await app.clinic.db.selectFrom("login_sessions").select("id_hash").where("user_id", "=", member.id).execute();
    expect(sessions).toHaveLength(1);
    restore();

    restore = refuseAuditOf(app, "auth.logout");
    expect((await call(app, member, "POST", "/api/logout")).statusCode).toBe(500);
    expect(await stillSignedIn(app, member)).toBe(true);
    restore();

    restore = refuseAuditOf(app, "auth.register");
    const another = newPatient();
    expect((await register(app, another)).response.statusCode).toBe(500);
    expect((await call(app, null, "POST", "/api/login", { username: another.username, password: another.password })).statusCode).toBe(401);
  });

  it("changing one's password", async () => {
    const { app } = testApp();
    const body = newPatient();
    const registered = await register(app, body);
    const member: SignedIn = { id: registered.response.json().id, cookie: registered.cookie! };
    const otherDevice = await signInAs(app, body.username, body.password);

    restore = refuseAuditOf(app, "auth.password_change");
    const changed = await call(app, member, "POST", "/api/user/password", { currentPassword: body.password, newPassword: "a different calm harbour" });
    expect(changed.statusCode).toBe(500);
    expect(await stillSignedIn(app, member)).toBe(true);
    expect(await stillSignedIn(app, otherDevice)).toBe(true);
    restore();
    expect((await call(app, null, "POST", "/api/login", { username: body.username, password: body.password })).statusCode).toBe(200);
  });

  it("an admin's changes: settings, new accounts, deactivation; a doctor's new patient", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const doctor = await aStaffMember(app, "doctor");

    const before = (await call(app, admin, "GET", "/api/admin/settings")).json();
    restore = refuseAuditOf(app, "admin.settings_update");
    expect((await call(app, admin, "PUT", "/api/admin/settings", { ...before, clinicName: "Somewhere Else" })).statusCode).toBe(500);
    restore();
    expect((await call(app, admin, "GET", "/api/admin/settings")).json()).toEqual(before);

    restore = refuseAuditOf(app, "admin.user_create");
    const account = { username: "never.made", role: "doctor", firstName: "Nora", lastName: "Vale", phoneNumber: "(555) 222-3333", dateOfBirth: "1980-02-02" };
    expect((await call(app, admin, "POST", "/api/admin/users", { ...account, specialization: "Family Therapy" })).statusCode).toBe(500);
    restore();
    expect((await call(app, admin, "GET", "/api/admin/users?search=never.made")).json().total).toBe(0);

    restore = refuseAuditOf(app, "admin.user_update");
    expect((await call(app, admin, "PATCH", `/api/admin/users/${doctor.id}`, { active: false })).statusCode).toBe(500);
    restore();
    expect(await stillSignedIn(app, doctor)).toBe(true);

    restore = refuseAuditOf(app, "user.create");
    const patient = { firstName: "Unmade", lastName: "Person", phoneNumber: "(555) 444-5555", dateOfBirth: "1991-03-03" };
    expect((await call(app, doctor, "POST", "/api/patients", patient)).statusCode).toBe(500);
    restore();
    expect((await call(app, admin, "GET", "/api/admin/users?search=Unmade")).json().total).toBe(0);
    const care = await app.clinic.db.selectFrom("care_relationships").select("patient_id").where("doctor_id", "=", doctor.id).execute();
    expect(care).toEqual([]);
  });

  it("a calendar link", async () => {
    const { app } = testApp();
    const registered = await register(app, newPatient());
    const member: SignedIn = { id: registered.response.json().id, cookie: registered.cookie! };
    restore = refuseAuditOf(app, "calendar_feed.create");
    expect((await call(app, member, "POST", "/api/calendar-feed")).statusCode).toBe(500);
    restore();
    expect((await call(app, member, "GET", "/api/calendar-feed")).json().active).toBe(false);
  });
});
