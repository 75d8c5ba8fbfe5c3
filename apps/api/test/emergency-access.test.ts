// Emergency access: a doctor opens the session notes of a patient not in their care by writing
// why; it lasts an hour, is audited, and waits on the admin dashboard until an admin reviews it.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, book, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
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
