// Emergency access: a doctor opens the session notes of a patient not in their care by writing
// why; it lasts an hour, is audited, and waits on the admin dashboard until an admin reviews it.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, book, recheck, type SignedIn, slotsOf, weekdayAhead } from "./clinic-helpers";
import { describeApp } from "./helper";

const MINUTE = 60_000;
const REASON = "Patient brought to the crisis line tonight; their therapist is away and I need the history of medication discussed.";
/** Sessions outlive the hour the clock is moved by. */
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: "100000", SESSION_ABSOLUTE_HOURS: "100000" };

const get = (app: FastifyInstance, who: SignedIn, url: string) => app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
const request = (app: FastifyInstance, who: SignedIn, body: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/emergency-access", payload: body, headers: { cookie: who.cookie } });
const toReview = async (app: FastifyInstance, admin: SignedIn) =>
  (await get(app, admin, "/api/admin/emergency-access")).json() as { id: number; doctorId: number; patientId: number; reason: string }[];

describeApp(
  "emergency access to a record",
  (testApp) => {
    it("needs a written reason", async () => {
      const { app } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const patient = await aPatient(app);
      const missing = await request(app, doctor, { patientId: patient.id });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toMatch(/Write why you need this record now/);
      expect((await request(app, doctor, { patientId: patient.id, reason: "   urgent      " })).statusCode).toBe(400);
      expect((await get(app, doctor, `/api/treatment-sessions/${patient.id}`)).statusCode).toBe(404);
    });

    it("opens the notes for one hour, audited at the grant and at each read, and then closes them", async () => {
      const { app, advance } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const patient = await aPatient(app);
      const notes = () => get(app, doctor, `/api/treatment-sessions/${patient.id}`);
      expect((await notes()).statusCode).toBe(404);

      const granted = await request(app, doctor, { patientId: patient.id, reason: REASON });
      expect(granted.statusCode, granted.body).toBe(200);
      const grant = granted.json();
      expect(Date.parse(grant.expiresAt) - Date.parse(grant.grantedAt)).toBe(60 * MINUTE);
      expect(grant).toMatchObject({ patientId: patient.id, patientName: "Morgan Reyes" });
      expect((await get(app, doctor, `/api/emergency-access?patientId=${patient.id}`)).json()).toMatchObject({ id: grant.id });
      expect((await notes()).statusCode).toBe(200);
      // Once is enough while it is open.
      expect((await request(app, doctor, { patientId: patient.id, reason: REASON })).statusCode).toBe(409);

      const audit = await app.clinic.db
        .selectFrom("audit_log")
        .select(["action", "details"])
        .where("actor_id", "=", doctor.id)
        .where("target_id", "=", String(patient.id))
        .execute();
      expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(["emergency_access.grant", "treatment_session.read"]));
      expect(JSON.parse(audit.find((row) => row.action === "treatment_session.read")!.details!)).toMatchObject({ emergencyAccessId: grant.id });
      // The reason is for the reviewing admin, not the log (it may describe the patient's health).
      expect(JSON.stringify(audit)).not.toContain("crisis line");

      // It gives nothing else: no booking for the patient, no look at their schedule.
      const [slot] = await slotsOf(app, doctor, doctor.id, weekdayAhead(40));
      expect((await book(app, doctor, { doctorId: doctor.id, patientId: patient.id, startTime: slot })).statusCode).toBe(403);
      expect((await get(app, doctor, `/api/doctors/${doctor.id}/slots?date=${weekdayAhead(40)}&patientId=${patient.id}`)).statusCode).toBe(404);

      advance(59 * MINUTE);
      expect((await notes()).statusCode).toBe(200);
      advance(MINUTE);
      expect((await notes()).statusCode).toBe(404);
      expect((await get(app, doctor, `/api/emergency-access?patientId=${patient.id}`)).json()).toBeNull();
      advance(-60 * MINUTE);
    });

    it("is listed for admins until one marks it reviewed", async () => {
      const { app } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const admin = await aStaffMember(app, "admin");
      const patient = await aPatient(app);
      const { id } = (await request(app, doctor, { patientId: patient.id, reason: REASON })).json();
      const listed = (await toReview(app, admin)).find((item) => item.id === id);
      expect(listed).toMatchObject({ doctorId: doctor.id, patientId: patient.id, reason: REASON });

      expect((await get(app, doctor, "/api/admin/emergency-access")).statusCode).toBe(403);
      expect((await app.inject({ method: "POST", url: `/api/admin/emergency-access/${id}/review`, headers: { cookie: doctor.cookie } })).statusCode).toBe(403);
      const reviewed = await app.inject({ method: "POST", url: `/api/admin/emergency-access/${id}/review`, headers: { cookie: admin.cookie } });
      expect(reviewed.statusCode, reviewed.body).toBe(200);
      expect((await toReview(app, admin)).map((item) => item.id)).not.toContain(id);
      expect((await app.inject({ method: "POST", url: `/api/admin/emergency-access/${id}/review`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);
      const rows = await app.clinic.db
        .selectFrom("audit_log")
        .select("actor_id")
        .where("action", "=", "emergency_access.review")
        .where("target_id", "=", String(id))
        .execute();
      expect(rows).toEqual([{ actor_id: admin.id }]);
    });

    it("after an admin ended that doctor's care of the patient, waits for an admin's approval (with a recent re-check), then opens for an hour from the approval", async () => {
      const { app, advance } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const admin = await aStaffMember(app, "admin");
      const patient = await aPatient(app);
      const careUrl = `/api/admin/patients/${patient.id}/care`;
      const notes = () => get(app, doctor, `/api/treatment-sessions/${patient.id}`);
      const current = async () => (await get(app, doctor, `/api/emergency-access?patientId=${patient.id}`)).json();
      const approve = (who: SignedIn, id: number) =>
        app.inject({ method: "POST", url: `/api/admin/emergency-access/${id}/approve`, headers: { cookie: who.cookie } });
      expect((await app.inject({ method: "POST", url: careUrl, payload: { doctorId: doctor.id }, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
      expect((await app.inject({ method: "DELETE", url: `${careUrl}/${doctor.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);

      // The request is recorded, and the doctor told it waits: the record stays closed.
      const asked = await request(app, doctor, { patientId: patient.id, reason: REASON });
      expect(asked.statusCode, asked.body).toBe(200);
      const { id } = asked.json();
      expect(asked.json()).toEqual({
        id,
        patientId: patient.id,
        patientName: "Morgan Reyes",
        status: "awaiting_approval",
        grantedAt: expect.any(String),
        expiresAt: null,
      });
      expect((await notes()).statusCode).toBe(404);
      expect(await current()).toMatchObject({ id, status: "awaiting_approval", expiresAt: null });
      const again = await request(app, doctor, { patientId: patient.id, reason: REASON });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/waiting for an admin's approval already/);
      advance(2 * 60 * MINUTE);
      expect((await notes()).statusCode).toBe(404);

      // The admins' list shows it as awaiting approval; only an admin approves, and only after a recent re-check.
      expect((await toReview(app, admin)).find((item) => item.id === id)).toMatchObject({
        doctorId: doctor.id,
        reason: REASON,
        awaitingApproval: true,
        expiresAt: null,
      });
      expect((await approve(doctor, id)).statusCode).toBe(403);
      const stale = await approve(admin, id);
      expect(stale.statusCode).toBe(403);
      expect(stale.json().code).toBe("REAUTH_REQUIRED");
      expect((await notes()).statusCode).toBe(404);
      const rechecked = await recheck(app, admin);
      expect(rechecked.statusCode, rechecked.body).toBe(200);
      const approvedAt = app.clinic.now().getTime();
      const approved = await approve(admin, id);
      expect(approved.statusCode, approved.body).toBe(200);
      expect((await approve(admin, id)).statusCode).toBe(404);

      // Open now, for an hour from the approval; the approval was its review.
      expect((await notes()).statusCode).toBe(200);
      const open = await current();
      expect(open).toMatchObject({ id, status: "open" });
      // Its hour runs from the approval, not from the request two hours before.
      expect(Date.parse(open.expiresAt) - approvedAt).toBeGreaterThanOrEqual(60 * MINUTE);
      expect(Date.parse(open.expiresAt) - approvedAt).toBeLessThan(61 * MINUTE);
      expect(Date.parse(open.expiresAt) - Date.parse(open.grantedAt)).toBeGreaterThanOrEqual(3 * 60 * MINUTE);
      expect((await toReview(app, admin)).map((item) => item.id)).not.toContain(id);
      const audit = await app.clinic.db
        .selectFrom("audit_log")
        .select(["actor_id", "action", "details"])
        .where("action", "in", ["emergency_access.request", "emergency_access.approve", "emergency_access.grant"])
        .where((eb) => eb.or([eb("actor_id", "=", doctor.id), eb("target_id", "=", String(id))]))
        .orderBy("id")
        .execute();
      expect(audit.map((row) => [row.actor_id, row.action])).toEqual([
        [doctor.id, "emergency_access.request"],
        [admin.id, "emergency_access.approve"],
      ]);
      advance(60 * MINUTE);
      expect((await notes()).statusCode).toBe(404);
      expect(await current()).toBeNull();

      // The next emergency asks again; an admin who marks it reviewed declines it, and it never opens.
      // (An hour on, the doctor's sign-in is no longer a recent check: asking opens a record, so they confirm it is them.)
      const doctorRechecked = await recheck(app, doctor);
      expect(doctorRechecked.statusCode, doctorRechecked.body).toBe(200);
      const next = (await request(app, doctor, { patientId: patient.id, reason: REASON })).json();
      expect(next.status).toBe("awaiting_approval");
      expect((await app.inject({ method: "POST", url: `/api/admin/emergency-access/${next.id}/review`, headers: { cookie: admin.cookie } })).statusCode).toBe(
        200,
      );
      expect(await current()).toBeNull();
      expect((await notes()).statusCode).toBe(404);
      expect((await recheck(app, admin)).statusCode).toBe(200);
      expect((await approve(admin, next.id)).statusCode).toBe(404);
      advance(-3 * 60 * MINUTE);
    });

    it("of another doctor, or of one whose care ended only with their bookings, opens at once as before", async () => {
      const { app } = testApp();
      const [ended, colleague] = [await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor")];
      const admin = await aStaffMember(app, "admin");
      const patient = await aPatient(app);
      const careUrl = `/api/admin/patients/${patient.id}/care`;
      expect((await app.inject({ method: "POST", url: careUrl, payload: { doctorId: ended.id }, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
      expect((await app.inject({ method: "DELETE", url: `${careUrl}/${ended.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
      // Ending one doctor's care asks nothing more of another.
      expect((await request(app, colleague, { patientId: patient.id, reason: REASON })).json()).toMatchObject({ status: "open" });
      // A booking that was cancelled ends care without an admin: nothing to approve.
      const booked = await aStaffMember(app, "doctor");
      const [slot] = await slotsOf(app, patient, booked.id, weekdayAhead(42));
      const booking = await book(app, patient, { doctorId: booked.id, startTime: slot });
      expect(booking.statusCode).toBe(200);
      const cancelled = await app.inject({
        method: "PATCH",
        url: `/api/appointments/${booking.json().id}`,
        payload: { status: "cancelled" },
        headers: { cookie: patient.cookie },
      });
      expect(cancelled.statusCode).toBe(200);
      expect((await request(app, booked, { patientId: patient.id, reason: REASON })).json()).toMatchObject({ status: "open" });
    });

    it("is for doctors, about patients not in their care", async () => {
      const { app } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const admin = await aStaffMember(app, "admin");
      const [patient, other] = [await aPatient(app), await aPatient(app)];
      const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(41));
      expect((await book(app, patient, { doctorId: doctor.id, startTime: slot })).statusCode).toBe(200);
      expect((await request(app, doctor, { patientId: patient.id, reason: REASON })).statusCode).toBe(409);
      expect((await request(app, other, { patientId: patient.id, reason: REASON })).statusCode).toBe(403);
      expect((await request(app, admin, { patientId: patient.id, reason: REASON })).statusCode).toBe(403);
      expect((await request(app, doctor, { patientId: admin.id, reason: REASON })).statusCode).toBe(404);
      expect((await request(app, doctor, { patientId: 987_654, reason: REASON })).statusCode).toBe(404);
    });
  },
  LONG_SESSIONS,
);
