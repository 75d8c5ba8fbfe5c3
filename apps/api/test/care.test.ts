// Care relationships are earned, not taken: a patient's booking, a doctor opening the patient's
// account, or an admin's assignment begin them; a doctor books only for patients in their care;
// a first booking cancelled leaves nothing behind; an admin's ending ends access at once.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, book, patch, slotsOf, weekdayAhead, type SignedIn, deniedAccesses } from "./clinic-helpers";
import { describeApp } from "./helper";

/** Tests that move the clock to a session's start keep their sessions alive across the jump. */
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: "100000", SESSION_ABSOLUTE_HOURS: "100000" };

const get = (app: FastifyInstance, who: SignedIn, url: string) => app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
const notesOf = (app: FastifyInstance, who: SignedIn, patient: SignedIn) => get(app, who, `/api/treatment-sessions/${patient.id}`);

async function patientIdsOf(app: FastifyInstance, doctor: SignedIn): Promise<number[]> {
  return (await get(app, doctor, "/api/patients?limit=200")).json().map((p: { id: number }) => p.id);
}

async function bookedId(app: FastifyInstance, who: SignedIn, body: Record<string, unknown>): Promise<number> {
  const response = await book(app, who, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id;
}

/** A patient with a session their doctor has written notes for, in the past. */
async function patientWithNotes(app: FastifyInstance, advance: (ms: number) => void, daysAhead: number): Promise<{ patient: SignedIn; doctor: SignedIn }> {
  const doctor = await aStaffMember(app, "doctor");
  const patient = await aPatient(app);
  const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(daysAhead));
  const id = await bookedId(app, patient, { doctorId: doctor.id, startTime: slot });
  const shift = Date.parse(slot!) - Date.now();
  advance(shift);
  const written = await app.inject({
    method: "POST",
    url: "/api/treatment-sessions",
    payload: { appointmentId: id, progressRating: 6, sessionNotes: "Talked through a difficult month at work." },
    headers: { cookie: doctor.cookie },
  });
  advance(-shift);
  expect(written.statusCode, written.body).toBe(200);
  return { patient, doctor };
}

async function auditActions(app: FastifyInstance, action: string, targetId: number) {
  return app.clinic.db.selectFrom("audit_log").select(["actor_id", "details"]).where("action", "=", action).where("target_id", "=", String(targetId)).execute();
}

describeApp(
  "care relationships: who may book and read",
  (testApp) => {
    it("refuses a doctor who books a patient not in their care, alike whether the patient exists, and never lets them read the notes", async () => {
      const { app, advance } = testApp();
      const { patient } = await patientWithNotes(app, advance, 20);
      const intruder = await aStaffMember(app, "doctor");
      const [slot] = await slotsOf(app, intruder, intruder.id, weekdayAhead(21));
      const refused = await book(app, intruder, { doctorId: intruder.id, patientId: patient.id, startTime: slot });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/only for patients in their care/);
      const unknown = await book(app, intruder, { doctorId: intruder.id, patientId: 987_654, startTime: slot });
      expect([unknown.statusCode, unknown.json().message]).toEqual([403, refused.json().message]);
      expect((await notesOf(app, intruder, patient)).statusCode).toBe(404);
      expect(await patientIdsOf(app, intruder)).not.toContain(patient.id);
    });

    it("lets a doctor book for a patient who booked with them, or whose account they opened", async () => {
      const { app } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const patient = await aPatient(app);
      const slots = await slotsOf(app, doctor, doctor.id, weekdayAhead(22));
      await bookedId(app, patient, { doctorId: doctor.id, startTime: slots[0] });
      await bookedId(app, doctor, { doctorId: doctor.id, patientId: patient.id, startTime: slots[1] });
      const added = await app.inject({
        method: "POST",
        url: "/api/patients",
        payload: { firstName: "Ines", lastName: "Ferro", phoneNumber: "(555) 222-1111", dateOfBirth: "1984-04-04" },
        headers: { cookie: doctor.cookie },
      });
      await bookedId(app, doctor, { doctorId: doctor.id, patientId: added.json().patient.id, startTime: slots[2] });
    });

    it("leaves no relationship behind when a first booking is cancelled before any session", async () => {
      const { app, advance } = testApp();
      const { patient } = await patientWithNotes(app, advance, 23);
      const otherDoctor = await aStaffMember(app, "doctor");
      const [slot] = await slotsOf(app, patient, otherDoctor.id, weekdayAhead(24));
      const id = await bookedId(app, patient, { doctorId: otherDoctor.id, startTime: slot });
      // While the booking stands, the patient is in the doctor's care.
      expect((await notesOf(app, otherDoctor, patient)).statusCode).toBe(200);
      expect((await patch(app, otherDoctor, id, { status: "cancelled" })).statusCode).toBe(200);
      // The doctor still sees the cancelled appointment of their own schedule, and nothing else.
      expect((await notesOf(app, otherDoctor, patient)).statusCode).toBe(404);
      expect(await patientIdsOf(app, otherDoctor)).not.toContain(patient.id);
      const [slotAfter] = await slotsOf(app, otherDoctor, otherDoctor.id, weekdayAhead(25));
      expect((await book(app, otherDoctor, { doctorId: otherDoctor.id, patientId: patient.id, startTime: slotAfter })).statusCode).toBe(403);
      const [ended] = await auditActions(app, "care.end", patient.id);
      expect(ended).toMatchObject({ actor_id: otherDoctor.id });
      expect(JSON.parse(ended!.details!)).toMatchObject({ doctorId: otherDoctor.id, reason: "bookings_cancelled" });
    });

    it("keeps a relationship that anything else holds: another booking, a session with notes, the doctor's opening of the account", async () => {
      const { app, advance } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const patient = await aPatient(app);
      const slots = await slotsOf(app, patient, doctor.id, weekdayAhead(26));
      const first = await bookedId(app, patient, { doctorId: doctor.id, startTime: slots[0] });
      const second = await bookedId(app, patient, { doctorId: doctor.id, startTime: slots[1] });
      expect((await patch(app, patient, first, { status: "cancelled" })).statusCode).toBe(200);
      expect((await notesOf(app, doctor, patient)).statusCode).toBe(200);
      // The last standing booking cancelled too: nothing holds the relationship any more.
      expect((await patch(app, patient, second, { status: "cancelled" })).statusCode).toBe(200);
      expect((await notesOf(app, doctor, patient)).statusCode).toBe(404);

      const { patient: treated, doctor: treating } = await patientWithNotes(app, advance, 27);
      const [later] = await slotsOf(app, treated, treating.id, weekdayAhead(28));
      const next = await bookedId(app, treated, { doctorId: treating.id, startTime: later });
      expect((await patch(app, treated, next, { status: "cancelled" })).statusCode).toBe(200);
      expect((await notesOf(app, treating, treated)).statusCode).toBe(200);

      const added = await app.inject({
        method: "POST",
        url: "/api/patients",
        payload: { firstName: "Oren", lastName: "Vale", phoneNumber: "(555) 222-3333", dateOfBirth: "1979-09-09" },
        headers: { cookie: doctor.cookie },
      });
      const addedId = added.json().patient.id;
      const [slot] = await slotsOf(app, doctor, doctor.id, weekdayAhead(29));
      const booked = await bookedId(app, doctor, { doctorId: doctor.id, patientId: addedId, startTime: slot });
      expect((await patch(app, doctor, booked, { status: "cancelled" })).statusCode).toBe(200);
      expect(await patientIdsOf(app, doctor)).toContain(addedId);
    });

    it("lets an admin assign a doctor and end the relationship, audited; the doctor's access ends at once", async () => {
      const { app, advance } = testApp();
      const { patient } = await patientWithNotes(app, advance, 30);
      const admin = await aStaffMember(app, "admin");
      const doctor = await aStaffMember(app, "doctor");
      const careUrl = `/api/admin/patients/${patient.id}/care`;
      expect((await notesOf(app, doctor, patient)).statusCode).toBe(404);

      const assigned = await app.inject({ method: "POST", url: careUrl, payload: { doctorId: doctor.id }, headers: { cookie: admin.cookie } });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(assigned.json()).toEqual(expect.arrayContaining([expect.objectContaining({ doctorId: doctor.id, origin: "admin" })]));
      expect((await notesOf(app, doctor, patient)).json()).toHaveLength(1);
      // In care, the doctor may book for the patient; the session is cancelled when care ends.
      const [slot] = await slotsOf(app, doctor, doctor.id, weekdayAhead(31));
      const upcoming = await bookedId(app, doctor, { doctorId: doctor.id, patientId: patient.id, startTime: slot });
      // An admin-assigned relationship outlives a cancelled booking.
      expect((await patch(app, patient, upcoming, { status: "cancelled" })).statusCode).toBe(200);
      expect((await notesOf(app, doctor, patient)).statusCode).toBe(200);
      const again = await bookedId(app, doctor, { doctorId: doctor.id, patientId: patient.id, startTime: slot });

      // Only admins manage care.
      expect((await app.inject({ method: "DELETE", url: `${careUrl}/${doctor.id}`, headers: { cookie: doctor.cookie } })).statusCode).toBe(403);
      expect((await app.inject({ method: "POST", url: careUrl, payload: { doctorId: doctor.id }, headers: { cookie: patient.cookie } })).statusCode).toBe(403);

      const ended = await app.inject({ method: "DELETE", url: `${careUrl}/${doctor.id}`, headers: { cookie: admin.cookie } });
      expect(ended.statusCode, ended.body).toBe(200);
      expect(ended.json()).toEqual({ cancelledSessions: 1 });
      expect((await notesOf(app, doctor, patient)).statusCode).toBe(404);
      expect(await patientIdsOf(app, doctor)).not.toContain(patient.id);
      const appointment = (await get(app, patient, `/api/appointments?limit=500`)).json().find((a: { id: number }) => a.id === again);
      expect(appointment.status).toBe("cancelled");
      const team = await get(app, admin, careUrl);
      expect(team.json().map((m: { doctorId: number }) => m.doctorId)).not.toContain(doctor.id);
      expect((await app.inject({ method: "DELETE", url: `${careUrl}/${doctor.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(404);

      expect(await auditActions(app, "care.assign", patient.id)).toEqual([expect.objectContaining({ actor_id: admin.id })]);
      const endings = (await auditActions(app, "care.end", patient.id)).filter((row) => row.actor_id === admin.id);
      expect(endings.map((row) => JSON.parse(row.details!))).toEqual([{ doctorId: doctor.id, reason: "admin", cancelledAppointmentIds: [again] }]);
    });

    it("never leaves a doctor's booking standing once an admin has ended that care, however the two cross", async () => {
      const { app } = testApp();
      const admin = await aStaffMember(app, "admin");
      const doctor = await aStaffMember(app, "doctor");
      const slots = await slotsOf(app, doctor, doctor.id, weekdayAhead(40));
      for (const slot of slots.slice(0, 6)) {
        const patient = await aPatient(app);
        const careUrl = `/api/admin/patients/${patient.id}/care`;
        expect((await app.inject({ method: "POST", url: careUrl, payload: { doctorId: doctor.id }, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
        const [booked, ended] = await Promise.all([
          book(app, doctor, { doctorId: doctor.id, patientId: patient.id, startTime: slot }),
          app.inject({ method: "DELETE", url: `${careUrl}/${doctor.id}`, headers: { cookie: admin.cookie } }),
        ]);
        expect(ended.statusCode, ended.body).toBe(200);
        // The booking came first (and the ending cancelled it), or the ending did (and it was refused).
        if (booked.statusCode === 200) {
          expect(ended.json()).toEqual({ cancelledSessions: 1 });
          const appointment = (await get(app, patient, "/api/appointments?limit=500")).json().find((a: { id: number }) => a.id === booked.json().id);
          expect(appointment.status).toBe("cancelled");
        } else {
          expect([booked.statusCode, booked.json().message]).toEqual([403, expect.stringMatching(/only for patients in their care/)]);
          expect(ended.json()).toEqual({ cancelledSessions: 0 });
        }
      }
    });

    it("ends a care and a patient's own cancellation at the same moment without either waiting on the other: each answered, never a 500", async () => {
      const { app } = testApp();
      const admin = await aStaffMember(app, "admin");
      const doctor = await aStaffMember(app, "doctor");
      const slots = await slotsOf(app, doctor, doctor.id, weekdayAhead(41));
      for (const slot of slots.slice(0, 5)) {
        // Care their own booking began: their cancellation would end it too.
        const patient = await aPatient(app);
        const booked = await book(app, patient, { doctorId: doctor.id, startTime: slot });
        expect(booked.statusCode, booked.body).toBe(200);
        const [cancelled, ended] = await Promise.all([
          patch(app, patient, booked.json().id, { status: "cancelled" }),
          app.inject({ method: "DELETE", url: `/api/admin/patients/${patient.id}/care/${doctor.id}`, headers: { cookie: admin.cookie } }),
        ]);
        // Whichever came second found the work done: a 409 (the session changed) or a 404 (no care left to end).
        expect([200, 409]).toContain(cancelled.statusCode);
        expect([200, 404]).toContain(ended.statusCode);
        expect(cancelled.statusCode === 200 || ended.statusCode === 200).toBe(true);
        const row = await app.clinic.db.selectFrom("appointments").select("status").where("id", "=", booked.json().id).executeTakeFirstOrThrow();
        expect(row.status).toBe("cancelled");
        const care = await app.clinic.db.selectFrom("care_relationships").select("doctor_id").where("patient_id", "=", patient.id).execute();
        expect(care).toEqual([]);
      }
    });

    it("answers 404 for care of someone who is not a patient, and 400 for a bad id", async () => {
      const { app } = testApp();
      const admin = await aStaffMember(app, "admin");
      const doctor = await aStaffMember(app, "doctor");
      const patient = await aPatient(app);
      expect((await get(app, admin, `/api/admin/patients/${doctor.id}/care`)).statusCode).toBe(404);
      expect(
        (
          await app.inject({
            method: "POST",
            url: `/api/admin/patients/${patient.id}/care`,
            payload: { doctorId: patient.id },
            headers: { cookie: admin.cookie },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await app.inject({ method: "POST", url: `/api/admin/patients/${patient.id}/care`, payload: {}, headers: { cookie: admin.cookie } })).json().message,
      ).toBe("Choose a doctor");
      expect((await get(app, admin, "/api/admin/patients/abc/care")).statusCode).toBe(400);
    });
  },
  LONG_SESSIONS,
);

describeApp("the slot lookup keeps a patient's other appointments private", (testApp) => {
  it("leaves out a named patient's busy hours only for that patient's doctors and admins, audited; anyone else hears 404", async () => {
    const { app } = testApp();
    const [doctor, otherDoctor, stranger] = [await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor")];
    const admin = await aStaffMember(app, "admin");
    const [patient, otherPatient] = [await aPatient(app), await aPatient(app)];
    const date = weekdayAhead(32);
    const [busy] = await slotsOf(app, patient, otherDoctor.id, date);
    // The patient's session with another doctor; and the patient in this doctor's care.
    await bookedId(app, patient, { doctorId: otherDoctor.id, startTime: busy });
    const [mine] = (await slotsOf(app, patient, doctor.id, weekdayAhead(33))).slice(-1);
    await bookedId(app, patient, { doctorId: doctor.id, startTime: mine });

    const lookup = (who: SignedIn) => get(app, who, `/api/doctors/${doctor.id}/slots?date=${date}&patientId=${patient.id}`);
    const starts = async (who: SignedIn) => (await lookup(who)).json().slots.map((slot: { startTime: string }) => slot.startTime);
    expect(await starts(doctor)).not.toContain(busy);
    expect(await starts(admin)).not.toContain(busy);
    expect(await starts(patient)).not.toContain(busy);
    const refused = await lookup(stranger);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain(busy!);
    // A patient naming someone else sees only their own hours.
    expect(await starts(otherPatient)).toContain(busy);
    // Without a patient, anyone sees the doctor's own free hours.
    expect((await get(app, stranger, `/api/doctors/${doctor.id}/slots?date=${date}`)).statusCode).toBe(200);

    const reads = await auditActions(app, "patient_schedule.read", patient.id);
    expect(reads.map((row) => row.actor_id)).toEqual(expect.arrayContaining([doctor.id, admin.id, patient.id]));
    expect(reads.map((row) => row.actor_id)).not.toContain(stranger.id);
    expect(JSON.parse(reads.find((row) => row.actor_id === doctor.id)!.details!)).toEqual({ doctorId: doctor.id, date });
    expect((await deniedAccesses(app, stranger.id)).map((row) => row.procedure)).toContain("appointments.slots");
  });
});
