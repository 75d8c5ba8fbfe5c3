// Intake and consent (issue 19) through the public API, on each database: a new patient fills in
// the intake form and signs both consents by typing their full name; what was signed is kept
// exactly (version, text hash, time, address); an admin's new text is a new version the patient
// signs again; and who may read a patient's status.
import { createHash } from "node:crypto";

import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, book, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";

const INTAKE = {
  reason: "Trouble sleeping since a change of job; anxious most mornings.",
  medications: "None",
  emergencyContactName: "Robin Quinn",
  emergencyContactPhone: "(555) 010-2030",
};

function call(app: FastifyInstance, who: SignedIn, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) {
  return app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** The name the patient was registered with. */
async function fullNameOf(app: FastifyInstance, patient: SignedIn): Promise<string> {
  const me = (await call(app, patient, "GET", "/api/user")).json();
  return `${me.firstName} ${me.lastName}`;
}

describeApp("intake and consent", (testApp) => {
  it("takes the intake form and both consents, each signed with the patient's typed full name, and keeps what was signed", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    const name = await fullNameOf(app, patient);
    const fresh = (await call(app, patient, "GET", "/api/intake")).json();
    expect(fresh).toMatchObject({ intake: null, complete: false });
    expect(fresh.consents.map((consent: { kind: string; version: number; signed: unknown }) => [consent.kind, consent.version, consent.signed])).toEqual([
      ["treatment", 1, null],
      ["telehealth", 1, null],
    ]);

    const refused = await call(app, patient, "PUT", "/api/intake", { ...INTAKE, emergencyContactPhone: "call me" });
    expect([refused.statusCode, refused.json().message]).toEqual([400, "Give the emergency contact's phone number, like (555) 123-4567"]);
    const missing = await call(app, patient, "PUT", "/api/intake", { ...INTAKE, reason: "  " });
    expect([missing.statusCode, missing.json().message]).toEqual([400, "Fill in the reason for seeking care"]);
    const saved = await call(app, patient, "PUT", "/api/intake", INTAKE);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().intake).toMatchObject(INTAKE);
    expect(saved.json().complete).toBe(false);

    // The typed name must be the account's; spacing and case do not matter.
    const wrongName = await call(app, patient, "POST", "/api/consents/treatment/sign", { version: 1, typedName: "Someone Else" });
    expect([wrongName.statusCode, wrongName.json().message]).toEqual([400, `To sign, type your full name as it is on your account: ${name}.`]);
    const treatment = await call(app, patient, "POST", "/api/consents/treatment/sign", { version: 1, typedName: `  ${name.toUpperCase()} ` });
    expect(treatment.statusCode, treatment.body).toBe(200);
    expect(treatment.json().consents[0]).toMatchObject({ kind: "treatment", current: true, signed: { version: 1, typedName: name.toUpperCase() } });
    // Signing again is harmless: the first signature stands.
    expect((await call(app, patient, "POST", "/api/consents/treatment/sign", { version: 1, typedName: name })).statusCode).toBe(200);
    const done = await call(app, patient, "POST", "/api/consents/telehealth/sign", { version: 1, typedName: name });
    expect(done.json().complete).toBe(true);

    const stored = await app.clinic.db
      .selectFrom("consent_signatures as s")
      .innerJoin("consent_documents as d", "d.id", "s.document_id")
      .select(["d.kind", "d.version", "d.body", "s.body_hash", "s.typed_name", "s.ip", "s.signed_at"])
      .where("s.patient_id", "=", patient.id)
      .orderBy("d.kind")
      .execute();
    expect(stored).toHaveLength(2);
    for (const row of stored) {
      expect(row.body_hash).toBe(createHash("sha256").update(row.body, "utf8").digest("hex"));
      expect(row.ip).toBe("127.0.0.1");
      expect(Date.parse(row.signed_at)).toBeGreaterThan(0);
    }
    const audit = await app.clinic.db
      .selectFrom("audit_log")
      .select(["action", "target_id"])
      .where("actor_id", "=", patient.id)
      .where("action", "in", ["intake.save", "consent.sign"])
      .orderBy("id")
      .execute();
    expect(audit.map((row) => `${row.action} ${row.target_id}`)).toEqual([
      `intake.save ${patient.id}`,
      "consent.sign treatment:1",
      "consent.sign telehealth:1",
    ]);
  });

  it("makes an admin's new text a new version that patients sign again; an old version cannot be signed", async () => {
    const { app } = testApp();
    const [patient, admin, doctor] = [await aPatient(app), await aStaffMember(app, "admin"), await aStaffMember(app, "doctor")];
    const name = await fullNameOf(app, patient);
    await call(app, patient, "PUT", "/api/intake", INTAKE);
    const current = (await call(app, patient, "GET", "/api/consents")).json() as { kind: string; version: number; body: string }[];
    for (const { kind, version } of current) await call(app, patient, "POST", `/api/consents/${kind}/sign`, { version, typedName: name });
    const treatment = current.find((document) => document.kind === "treatment")!;

    const body = `${treatment.body}\n\nSessions cancelled with less than a day's notice may be charged.`;
    const base = { baseVersion: treatment.version };
    expect((await call(app, doctor, "PUT", "/api/admin/consents/treatment", { ...base, body })).statusCode).toBe(403);
    const updated = await call(app, admin, "PUT", "/api/admin/consents/treatment", { ...base, body });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      kind: "treatment",
      version: treatment.version + 1,
      body,
      bodyHash: createHash("sha256").update(body).digest("hex"),
    });
    // The same text again is not a new version; an admin still editing the old version is told another published since.
    expect((await call(app, admin, "PUT", "/api/admin/consents/treatment", { baseVersion: treatment.version + 1, body })).json().version).toBe(
      treatment.version + 1,
    );
    const stalePage = await call(app, admin, "PUT", "/api/admin/consents/treatment", { ...base, body: `${body} Also this.` });
    expect([stalePage.statusCode, stalePage.json().message]).toEqual([
      409,
      `Another admin published version ${treatment.version + 1} of this consent since you opened it. Reload to read it before changing it.`,
    ]);

    const status = (await call(app, patient, "GET", "/api/intake")).json();
    expect(status.complete).toBe(false);
    expect(status.consents[0]).toMatchObject({ kind: "treatment", version: treatment.version + 1, current: false, signed: { version: treatment.version } });
    const stale = await call(app, patient, "POST", "/api/consents/treatment/sign", { version: treatment.version, typedName: name });
    expect([stale.statusCode, stale.json().message]).toEqual([
      409,
      "The consent to treatment was updated while you read it. Please read the new version, then sign.",
    ]);
    const signed = await call(app, patient, "POST", "/api/consents/treatment/sign", { version: treatment.version + 1, typedName: name });
    expect(signed.json()).toMatchObject({ complete: true });

    const tooShort = await call(app, admin, "PUT", "/api/admin/consents/telehealth", { baseVersion: 1, body: "Yes." });
    expect([tooShort.statusCode, tooShort.json().message]).toEqual([400, "A consent needs at least a few sentences"]);
    // Put the text back for the other tests: a new version again, which is how a clinic would undo it too.
    expect((await call(app, admin, "PUT", "/api/admin/consents/treatment", { baseVersion: treatment.version + 1, body: treatment.body })).statusCode).toBe(200);
  });

  it("shows a patient's status to the patient, their doctors and admins, and to no one else; others' reads are audited", async () => {
    const { app } = testApp();
    const [doctor, otherDoctor, admin] = [await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor"), await aStaffMember(app, "admin")];
    const patient = await aPatient(app);
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(4));
    expect((await book(app, patient, { doctorId: doctor.id, startTime: slot })).statusCode).toBe(200);
    await call(app, patient, "PUT", "/api/intake", INTAKE);
    const stranger = await aPatient(app);
    for (const reader of [patient, doctor, admin]) {
      const status = await call(app, reader, "GET", `/api/patients/${patient.id}/intake`);
      expect(status.statusCode).toBe(200);
      expect(status.json().intake).toMatchObject(INTAKE);
    }
    for (const outsider of [otherDoctor, stranger]) expect((await call(app, outsider, "GET", `/api/patients/${patient.id}/intake`)).statusCode).toBe(404);
    expect((await call(app, doctor, "GET", "/api/patients/987654/intake")).statusCode).toBe(404);
    // Only a patient fills in their own.
    expect((await call(app, doctor, "PUT", "/api/intake", INTAKE)).statusCode).toBe(403);
    expect((await call(app, admin, "POST", "/api/consents/treatment/sign", { version: 1, typedName: "Adam Staff" })).statusCode).toBe(403);
    const reads = await app.clinic.db
      .selectFrom("audit_log")
      .select("actor_id")
      .where("action", "=", "intake.read")
      .where("target_id", "=", String(patient.id))
      .execute();
    expect(reads.map((row) => row.actor_id).sort()).toEqual([doctor.id, admin.id].sort());
  });
});
