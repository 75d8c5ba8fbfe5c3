// Outcome measures (issue 19) through the public API, on each database: scoring and refusals,
// who may read a patient's history, what a doctor may ask of whom and when it is due, and the
// safety alert of PHQ-9 item 9: its push reaches the patient's doctors and no one else, it stays
// until a doctor acknowledges it with a note, and the audit log keeps both.
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { aPatient, aStaffMember, book, listen, signInAs, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";
import { openSocket, until } from "./sockets";

const PHQ9_NO_HARM = [2, 2, 1, 1, 2, 1, 1, 0, 0];
const PHQ9_ITEM9 = [0, 0, 0, 0, 0, 0, 0, 0, 1];

function call(app: FastifyInstance, who: SignedIn, method: "GET" | "POST" | "PATCH", url: string, payload?: unknown) {
  return app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** A patient in the doctor's care (through a booking). */
async function inCareOf(app: FastifyInstance, doctor: SignedIn, daysAhead = 3): Promise<Awaited<ReturnType<typeof aPatient>> & { appointmentStart: string }> {
  const patient = await aPatient(app);
  const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(daysAhead));
  const booked = await book(app, patient, { doctorId: doctor.id, startTime: slot });
  expect(booked.statusCode, booked.body).toBe(200);
  return { ...patient, appointmentStart: booked.json().startTime };
}

describeApp("outcome measures", (testApp) => {
  let base = "";
  beforeAll(async () => {
    base = await listen(testApp().app);
  });

  it("lists PHQ-9 and GAD-7 with their items, answers and bands", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    const response = await call(app, patient, "GET", "/api/measures/instruments");
    expect(response.statusCode).toBe(200);
    const [phq9, gad7] = response.json();
    expect([phq9.name, phq9.items.length, gad7.name, gad7.items.length]).toEqual(["PHQ-9", 9, "GAD-7", 7]);
    expect(phq9.bands.map((band: { from: number }) => band.from)).toEqual([0, 5, 10, 15, 20]);
  });

  it("scores a completed measure on the server and refuses a wrong count or value, naming the item", async () => {
    const { app } = testApp();
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    const done = await call(app, patient, "POST", "/api/measures", { instrument: "phq9", answers: PHQ9_NO_HARM, score: 0 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ instrument: "phq9", score: 10, band: "Moderate", safetyAlert: false, hasTherapist: false });
    expect(done.json().id).toEqual(expect.any(Number));

    const refusals: [unknown, RegExp][] = [
      [{ instrument: "phq9", answers: [1, 1, 1] }, /PHQ-9 has 9 items: 3 answers were given/],
      [{ instrument: "gad7", answers: [0, 1, 2, 4, 0, 0, 0] }, /Item 4 of the GAD-7 \(“Trouble relaxing”\) takes 0, 1, 2 or 3/],
      [{ instrument: "gad7", answers: [0, 1, 2, "2", 0, 0, 0] }, /Item 4 of the GAD-7/],
      [{ instrument: "bdi", answers: [] }, /Choose the PHQ-9/],
    ];
    for (const [body, reason] of refusals) {
      const refused = await call(app, patient, "POST", "/api/measures", body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(reason);
    }
    // Only a patient completes a measure, for themselves.
    expect((await call(app, doctor, "POST", "/api/measures", { instrument: "gad7", answers: [0, 0, 0, 0, 0, 0, 0] })).statusCode).toBe(403);
  });

  it("shows a patient's history to the patient, their doctors and admins, and to no one else", async () => {
    const { app } = testApp();
    const [doctor, otherDoctor, admin] = [await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor"), await aStaffMember(app, "admin")];
    const patient = await inCareOf(app, doctor);
    const stranger = await aPatient(app);
    await call(app, patient, "POST", "/api/measures", { instrument: "gad7", answers: [3, 3, 2, 2, 1, 1, 0] });
    await call(app, patient, "POST", "/api/measures", { instrument: "gad7", answers: [1, 1, 1, 1, 0, 0, 0] });
    for (const reader of [patient, doctor, admin]) {
      const history = await call(app, reader, "GET", `/api/measures?patientId=${patient.id}`);
      expect(history.statusCode).toBe(200);
      expect(history.json().map((measure: { score: number; band: string }) => [measure.score, measure.band])).toEqual([
        [12, "Moderate"],
        [4, "Minimal"],
      ]);
    }
    for (const outsider of [otherDoctor, stranger]) {
      expect((await call(app, outsider, "GET", `/api/measures?patientId=${patient.id}`)).statusCode).toBe(404);
    }
  });

  it("raises the safety alert on PHQ-9 item 9 whatever the total: pushed to the patient's doctors only, kept until acknowledged with a note, audited", async () => {
    const { app } = testApp();
    const [doctor, secondDoctor, otherDoctor, admin] = [
      await aStaffMember(app, "doctor"),
      await aStaffMember(app, "doctor"),
      await aStaffMember(app, "doctor"),
      await aStaffMember(app, "admin"),
    ];
    const patient = await inCareOf(app, doctor);
    const [slot] = await slotsOf(app, patient, secondDoctor.id, weekdayAhead(4));
    expect((await book(app, patient, { doctorId: secondDoctor.id, startTime: slot })).statusCode).toBe(200);
    const sockets = await Promise.all([doctor, secondDoctor, otherDoctor, patient].map((who) => openSocket(base, who)));

    const submitted = await call(app, patient, "POST", "/api/measures", { instrument: "phq9", answers: PHQ9_ITEM9 });
    expect(submitted.json()).toMatchObject({
      score: 1,
      band: "Minimal",
      safetyAlert: true,
      hasTherapist: true,
      crisisResources: [expect.objectContaining({ contact: "Call or text 988" }), expect.objectContaining({ contact: "Call 911" })],
    });
    // Waits for the alert itself: on PostgreSQL an earlier event (the booking's) may still be on its way.
    const heardAlert = (index: number) => sockets[index]!.received.some((frame) => frame.type === "measure_alert");
    await until(() => heardAlert(0) && heardAlert(1));
    for (const socket of sockets.slice(0, 2)) {
      expect(socket.received).toContainEqual({
        type: "measure_alert",
        data: { alertId: expect.any(Number), patientId: patient.id, patientName: expect.any(String), createdAt: submitted.json().createdAt },
      });
    }
    // A moment for anything misdirected to arrive; then the others have heard nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (const socket of sockets.slice(2)) expect(socket.received.filter((frame) => frame.type === "measure_alert")).toEqual([]);
    for (const socket of sockets) socket.socket.close();

    // On both doctors' dashboards (and the admin's), not on another doctor's.
    const alerts = await call(app, doctor, "GET", "/api/measures/alerts");
    expect(alerts.json()).toEqual([expect.objectContaining({ patientId: patient.id, score: 1 })]);
    const alertId = alerts.json()[0].id;
    expect((await call(app, secondDoctor, "GET", "/api/measures/alerts")).json()).toHaveLength(1);
    expect((await call(app, admin, "GET", "/api/measures/alerts")).json().map((alert: { id: number }) => alert.id)).toContain(alertId);
    expect((await call(app, otherDoctor, "GET", "/api/measures/alerts")).json()).toEqual([]);
    expect((await call(app, patient, "GET", "/api/measures/alerts")).statusCode).toBe(403);

    // Only the patient's doctor acknowledges it, with a note; once.
    const ack = (who: SignedIn, note: string) => call(app, who, "POST", `/api/measures/alerts/${alertId}/acknowledge`, { note });
    expect((await ack(otherDoctor, "Not mine")).statusCode).toBe(404);
    expect((await ack(doctor, "   ")).statusCode).toBe(400);
    expect((await ack(doctor, "Called Alex; safety plan reviewed, no immediate risk.")).statusCode).toBe(200);
    expect((await ack(secondDoctor, "Also called")).statusCode).toBe(409);
    expect((await call(app, secondDoctor, "GET", "/api/measures/alerts")).json()).toEqual([]);

    // A high total without item 9 raises nothing.
    const high = await call(app, patient, "POST", "/api/measures", { instrument: "phq9", answers: [3, 3, 3, 3, 3, 3, 3, 3, 0] });
    expect(high.json()).toMatchObject({ score: 24, band: "Severe", safetyAlert: false });
    expect((await call(app, doctor, "GET", "/api/measures/alerts")).json()).toEqual([]);

    const log = await call(app, admin, "GET", `/api/admin/audit-log?actorId=${patient.id}`);
    expect(log.json().entries.map((entry: { action: string }) => entry.action)).toContain("measure.alert");
    const acks = await call(app, admin, "GET", `/api/admin/audit-log?actorId=${doctor.id}&action=measure.alert_ack`);
    expect(acks.json().entries).toHaveLength(1);

    // A patient no doctor cares for yet is not told that a therapist knows.
    const alone = await aPatient(app);
    const unseen = await call(app, alone, "POST", "/api/measures", { instrument: "phq9", answers: PHQ9_ITEM9 });
    expect(unseen.json()).toMatchObject({ safetyAlert: true, hasTherapist: false, crisisResources: [expect.anything(), expect.anything()] });
    // Nor one whose only doctor has left the clinic (deactivated: no one would see it).
    const leaving = await aStaffMember(app, "doctor");
    const left = await inCareOf(app, leaving);
    expect((await call(app, admin, "PATCH", `/api/admin/users/${leaving.id}`, { active: false })).statusCode).toBe(200);
    const afterLeaving = await call(app, left, "POST", "/api/measures", { instrument: "phq9", answers: PHQ9_ITEM9 });
    expect(afterLeaving.json()).toMatchObject({ safetyAlert: true, hasTherapist: false });
  });

  it("lets a doctor ask only their own patients for a measure; once is due until done", async () => {
    const { app } = testApp();
    const [doctor, otherDoctor] = [await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor")];
    const patient = await inCareOf(app, doctor);
    const assign = (who: SignedIn, body: Record<string, unknown>) => call(app, who, "POST", "/api/measures/assignments", body);
    expect((await assign(otherDoctor, { patientId: patient.id, instrument: "gad7", cadence: "once" })).statusCode).toBe(404);
    expect((await assign(patient, { patientId: patient.id, instrument: "gad7", cadence: "once" })).statusCode).toBe(403);
    expect((await assign(doctor, { patientId: patient.id, instrument: "gad7", cadence: "weekly" })).statusCode).toBe(400);
    const assigned = await assign(doctor, { patientId: patient.id, instrument: "gad7", cadence: "once" });
    expect(assigned.statusCode, assigned.body).toBe(200);

    expect((await call(app, patient, "GET", "/api/measures/due")).json()).toEqual([{ instrument: "gad7", name: "GAD-7", sessionStart: null }]);
    await call(app, patient, "POST", "/api/measures", { instrument: "gad7", answers: [1, 1, 1, 1, 1, 1, 1] });
    expect((await call(app, patient, "GET", "/api/measures/due")).json()).toEqual([]);
  });

  // Last: it moves the clock.
  it("makes a measure asked for before every session due from 48 hours before the next one, until completed", async () => {
    const { app, advance } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await inCareOf(app, doctor, 8);
    expect(
      (await call(app, doctor, "POST", "/api/measures/assignments", { patientId: patient.id, instrument: "phq9", cadence: "before_every_session" })).statusCode,
    ).toBe(200);
    expect((await call(app, patient, "GET", "/api/measures/due")).json()).toEqual([]);

    advance(Date.parse(patient.appointmentStart) - 47 * 3_600_000 - Date.now());
    const again = await signInAs(app, patient.username, patient.password);
    expect((await call(app, again, "GET", "/api/measures/due")).json()).toEqual([
      { instrument: "phq9", name: "PHQ-9", sessionStart: patient.appointmentStart },
    ]);
    await call(app, again, "POST", "/api/measures", { instrument: "phq9", answers: PHQ9_NO_HARM });
    expect((await call(app, again, "GET", "/api/measures/due")).json()).toEqual([]);
  });
});
