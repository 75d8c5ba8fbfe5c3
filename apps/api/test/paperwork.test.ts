// Booking before the paperwork (issue 36, item 4), on each database: a new patient books at once;
// their intake and consents are then due before the first session, and every list of sessions
// says so (the patient about themselves, the doctor and admins about the doctor's patients, never
// another patient); a patient joins a video visit only once the telehealth consent is signed,
// told what to sign and where.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, book, signConsents, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";
import { ask, socketsTo } from "./sockets";

const INTAKE = {
  reason: "Trouble sleeping since a change of job.",
  medications: "None",
  emergencyContactName: "Robin Quinn",
  emergencyContactPhone: "(555) 010-2030",
};
const CONSENT_NEEDED = "Before joining a video visit, please sign the telehealth consent: it is under Intake and consents (/intake), and takes a minute.";

function get(app: FastifyInstance, who: SignedIn, url: string) {
  return app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
}

/** `who`'s list of sessions from today on: each session's id and its paperwork mark. */
async function marks(app: FastifyInstance, who: SignedIn, query = ""): Promise<Record<number, boolean | undefined>> {
  const listed = await get(app, who, `/api/appointments?limit=500${query}`);
  expect(listed.statusCode, listed.body).toBe(200);
  return Object.fromEntries(listed.json().map((appointment: { id: number; paperworkDue?: boolean }) => [appointment.id, appointment.paperworkDue]));
}

describeApp("booking before the paperwork", (testApp) => {
  const open = socketsTo(() => testApp().app);

  it("books a new patient at once, marks their sessions until the intake and every current consent are done, for the doctor, admins and the patient only", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const admin = await aStaffMember(app, "admin");
    const [newcomer, regular] = [await aPatient(app), await aPatient(app)];
    await app.inject({ method: "PUT", url: "/api/intake", payload: INTAKE, headers: { cookie: regular.cookie } });
    await signConsents(app, regular);

    // Booking never waits for the forms.
    const [first, second] = await slotsOf(app, newcomer, doctor.id, weekdayAhead(3));
    const booked = await book(app, newcomer, { doctorId: doctor.id, startTime: first });
    expect(booked.statusCode, booked.body).toBe(200);
    const theirs = booked.json().id as number;
    const regulars = (await book(app, regular, { doctorId: doctor.id, startTime: second })).json().id as number;

    expect(await marks(app, doctor)).toEqual({ [theirs]: true, [regulars]: false });
    expect(await marks(app, admin, `&doctorId=${doctor.id}`)).toEqual({ [theirs]: true, [regulars]: false });
    expect(await marks(app, newcomer)).toEqual({ [theirs]: true });
    // Another patient of the same doctor learns nothing of the newcomer, even asking by doctor.
    expect(await marks(app, regular, `&doctorId=${doctor.id}`)).toEqual({ [regulars]: false });

    // The intake alone is not enough; with both consents signed the mark goes.
    await app.inject({ method: "PUT", url: "/api/intake", payload: INTAKE, headers: { cookie: newcomer.cookie } });
    await signConsents(app, newcomer, ["treatment"]);
    expect((await marks(app, doctor))[theirs]).toBe(true);
    await signConsents(app, newcomer, ["telehealth"]);
    expect(await marks(app, doctor)).toEqual({ [theirs]: false, [regulars]: false });

    // An admin's new text of a consent is due again, from everyone, before their next session.
    const current = (await get(app, admin, "/api/consents")).json().find((document: { kind: string }) => document.kind === "treatment");
    const updated = await app.inject({
      method: "PUT",
      url: "/api/admin/consents/treatment",
      payload: { baseVersion: current.version, body: `${current.body}\n\nUpdated: sessions may be recorded only with your written permission.` },
      headers: { cookie: admin.cookie },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await marks(app, doctor)).toEqual({ [theirs]: true, [regulars]: true });

    // Only a scheduled session waits on the paperwork: a cancelled one is never marked.
    const cancelled = await app.inject({
      method: "PATCH",
      url: `/api/appointments/${theirs}`,
      payload: { status: "cancelled" },
      headers: { cookie: newcomer.cookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().paperworkDue).toBe(false);
    expect(await marks(app, doctor)).toEqual({ [theirs]: false, [regulars]: true });
  });

  it("refuses a patient's join until the telehealth consent is signed, saying what to sign and where; the doctor joins regardless", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    const [startTime] = await slotsOf(app, patient, doctor.id, weekdayAhead(3));
    expect((await book(app, patient, { doctorId: doctor.id, startTime })).statusCode).toBe(200);
    const started = await app.inject({ method: "POST", url: "/api/visits", payload: { patientId: patient.id }, headers: { cookie: doctor.cookie } });
    const visitId = started.json().id as number;

    // The room says so before anyone tries; the doctor's view has nothing to sign.
    expect((await get(app, patient, `/api/visits/${visitId}`)).json()).toMatchObject({ state: "open", role: "patient", consentNeeded: CONSENT_NEEDED });
    expect((await get(app, doctor, `/api/visits/${visitId}`)).json()).toMatchObject({ role: "doctor", consentNeeded: null });

    const [patientSocket, doctorSocket] = [await open(patient), await open(doctor)];
    const answer = (frame: { type: string }) => frame.type === "error" || frame.type === "visit_joined";
    expect(await ask(patientSocket, "visit_join", { visitId }, answer)).toEqual({ type: "error", data: { code: "CONSENT_REQUIRED", message: CONSENT_NEEDED } });
    // Nobody was told the patient is waiting, and the record has no join of theirs.
    expect((await get(app, doctor, "/api/visits/waiting")).json()).toEqual([]);
    expect((await ask(doctorSocket, "visit_join", { visitId }, answer)).data).toMatchObject({ role: "doctor", otherPresent: false });

    // The treatment consent is not the one a call needs.
    await signConsents(app, patient, ["treatment"]);
    expect((await ask(patientSocket, "visit_join", { visitId }, answer)).data).toEqual({ code: "CONSENT_REQUIRED", message: CONSENT_NEEDED });

    await signConsents(app, patient, ["telehealth"]);
    expect((await get(app, patient, `/api/visits/${visitId}`)).json().consentNeeded).toBeNull();
    expect(await ask(patientSocket, "visit_join", { visitId }, answer)).toEqual({
      type: "visit_joined",
      data: { visitId, role: "patient", admitted: false, otherPresent: true },
    });
  });
});
