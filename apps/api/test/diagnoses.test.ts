// Diagnoses (issue 35, item 5) through the public API, on each database: only codes of the
// clinic's ICD-10-CM list, written only by a doctor of the patient, read on the same grounds as
// session notes (emergency access included), every write and every reader's read audited.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, book, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";

function call(app: FastifyInstance, who: SignedIn, method: "GET" | "POST", url: string, payload?: unknown) {
  return app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

async function inCareOf(app: FastifyInstance, doctor: SignedIn) {
  const patient = await aPatient(app);
  const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(3));
  expect((await book(app, patient, { doctorId: doctor.id, startTime: slot })).statusCode).toBe(200);
  return patient;
}

const countDiagnoses = async (app: FastifyInstance) =>
  Number(
    (
      await app.clinic.db
        .selectFrom("diagnoses")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeApp("diagnoses", (testApp) => {
  it("records a listed code with its description, refuses one off the list, and resolves without deleting", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await inCareOf(app, doctor);

    const codes = (await call(app, doctor, "GET", "/api/diagnoses/codes")).json() as { code: string; description: string }[];
    expect(codes).toEqual(
      expect.arrayContaining([
        { code: "F41.1", description: "Generalized anxiety disorder" },
        { code: "Z63.0", description: "Problems in relationship with spouse or partner" },
      ]),
    );

    const recorded = await call(app, doctor, "POST", "/api/diagnoses", { patientId: patient.id, code: " f41.1 " });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ code: "F41.1", description: "Generalized anxiety disorder", resolvedAt: null });

    const before = await countDiagnoses(app);
    for (const code of ["F41.99", "J45.909", "", 41, "F41.1; drop table diagnoses"]) {
      const refused = await call(app, doctor, "POST", "/api/diagnoses", { patientId: patient.id, code });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ issues: [{ path: "code", message: expect.stringMatching(/ICD-10-CM code from the clinic's list/) }] });
    }
    // The same code twice while it is current is a conflict; nothing is written.
    expect((await call(app, doctor, "POST", "/api/diagnoses", { patientId: patient.id, code: "F41.1" })).statusCode).toBe(409);
    expect(await countDiagnoses(app)).toBe(before);

    const resolved = await call(app, doctor, "POST", `/api/diagnoses/${recorded.json().id}/resolve`);
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().resolvedAt).toEqual(expect.any(String));
    expect((await call(app, doctor, "POST", `/api/diagnoses/${recorded.json().id}/resolve`)).statusCode).toBe(409);
    // Resolved, it may be recorded again, and the history keeps both, the current one first.
    expect((await call(app, doctor, "POST", "/api/diagnoses", { patientId: patient.id, code: "F41.1" })).statusCode).toBe(200);
    const list = (await call(app, patient, "GET", `/api/diagnoses?patientId=${patient.id}`)).json();
    expect(list.map((row: { code: string; resolvedAt: string | null }) => [row.code, row.resolvedAt === null])).toEqual([
      ["F41.1", true],
      ["F41.1", false],
    ]);
  });

  it("lets the patient, their doctor and admins read them; others learn nothing; readers other than the patient are audited", async () => {
    const { app } = testApp();
    const [doctor, stranger, admin] = [await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor"), await aStaffMember(app, "admin")];
    const patient = await inCareOf(app, doctor);
    const otherPatient = await aPatient(app);
    await call(app, doctor, "POST", "/api/diagnoses", { patientId: patient.id, code: "F33.1" });

    for (const reader of [patient, doctor, admin]) {
      const read = await call(app, reader, "GET", `/api/diagnoses?patientId=${patient.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject([{ code: "F33.1", description: "Major depressive disorder, recurrent, moderate", recordedByName: expect.any(String) }]);
    }
    for (const outsider of [stranger, otherPatient]) {
      expect((await call(app, outsider, "GET", `/api/diagnoses?patientId=${patient.id}`)).statusCode).toBe(404);
    }
    const readers = await app.clinic.db
      .selectFrom("audit_log")
      .select("actor_id")
      .where("action", "=", "diagnosis.read")
      .where("target_id", "=", String(patient.id))
      .execute();
    expect(readers.map((row) => row.actor_id).sort()).toEqual([doctor.id, admin.id].sort());
  });

  it("is written only by a doctor caring for the patient: not the patient, an admin, another doctor, nor under emergency access", async () => {
    const { app } = testApp();
    const [doctor, stranger, admin] = [await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor"), await aStaffMember(app, "admin")];
    const patient = await inCareOf(app, doctor);
    const own = (await call(app, doctor, "POST", "/api/diagnoses", { patientId: patient.id, code: "F43.23" })).json();

    expect((await call(app, patient, "POST", "/api/diagnoses", { patientId: patient.id, code: "F32.A" })).statusCode).toBe(403);
    expect((await call(app, admin, "POST", "/api/diagnoses", { patientId: patient.id, code: "F32.A" })).statusCode).toBe(403);
    expect((await call(app, stranger, "POST", "/api/diagnoses", { patientId: patient.id, code: "F32.A" })).statusCode).toBe(404);
    expect((await call(app, stranger, "POST", `/api/diagnoses/${own.id}/resolve`)).statusCode).toBe(404);

    // Emergency access opens the reading, as for notes, never the writing.
    const reason = "Patient brought to the crisis line tonight; their therapist is away and I need their history.";
    expect((await call(app, stranger, "POST", "/api/emergency-access", { patientId: patient.id, reason })).statusCode).toBe(200);
    const read = await call(app, stranger, "GET", `/api/diagnoses?patientId=${patient.id}`);
    expect(read.statusCode).toBe(200);
    const audit = await app.clinic.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "diagnosis.read")
      .where("actor_id", "=", stranger.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toMatchObject({ emergencyAccessId: expect.any(Number) });
    expect((await call(app, stranger, "POST", "/api/diagnoses", { patientId: patient.id, code: "F32.A" })).statusCode).toBe(403);
    expect((await call(app, stranger, "POST", `/api/diagnoses/${own.id}/resolve`)).statusCode).toBe(403);

    const written = await app.clinic.db.selectFrom("diagnoses").select("code").where("patient_id", "=", patient.id).execute();
    expect(written.map((row) => row.code)).toEqual(["F43.23"]);
    const audited = await app.clinic.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("action", "=", "diagnosis.create")
      .where("target_id", "=", String(patient.id))
      .execute();
    expect(audited).toHaveLength(1);
    // The audit says which record changed, never the diagnosis itself.
    expect(JSON.stringify(audited)).not.toContain("F43.23");
  });
});
