// The patient's record as a PDF (issue 19), on each database: the patient downloads it, and so do
// their doctor and admins; anyone else gets 404; each download is audited. It holds the intake
// answers, the appointments, the shared session note with its signature, the measures with their bands and the
// signed consents, and never the private psychotherapy note nor a draft's SOAP sections.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, book, signInAs, slotsOf, weekdayAhead, type SignedIn, deniedAccesses } from "./clinic-helpers";
import { describeApp } from "./helper";
import { pdfText } from "./pdf-text";

const SOAP = { subjective: "Sleeping better.", objective: "Calm, engaged.", assessment: "Improving steadily.", plan: "Keep the evening journal." };
const PRIVATE = "Countertransference: protective feelings today.";

function call(app: FastifyInstance, who: SignedIn, method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: unknown) {
  return app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

describeApp("the patient's record as a PDF", (testApp) => {
  it("holds the appointments, the signed note, the measures and the consents, never the private note or a draft's SOAP", async () => {
    const { app, advance } = testApp();
    const [doctor, admin, otherDoctor] = [await aStaffMember(app, "doctor"), await aStaffMember(app, "admin"), await aStaffMember(app, "doctor")];
    const patient = await aPatient(app);
    const me = (await call(app, patient, "GET", "/api/user")).json();
    await call(app, patient, "PUT", "/api/intake", {
      reason: "Sleep.",
      medications: "None",
      emergencyContactName: "Robin Quinn",
      emergencyContactPhone: "(555) 010-2030",
    });
    expect((await call(app, patient, "POST", "/api/consents/treatment/sign", { version: 1, typedName: `${me.firstName} ${me.lastName}` })).statusCode).toBe(
      200,
    );
    await call(app, patient, "POST", "/api/measures", { instrument: "gad7", answers: [2, 2, 1, 1, 1, 0, 0] });
    const [first] = await slotsOf(app, patient, doctor.id, weekdayAhead(5));
    const booked = (await book(app, patient, { doctorId: doctor.id, startTime: first, title: "Individual therapy" })).json();
    const [second] = await slotsOf(app, patient, doctor.id, weekdayAhead(6));
    const later = (await book(app, patient, { doctorId: doctor.id, startTime: second, title: "Follow-up" })).json();

    const shift = Date.parse(later.startTime) - Date.now();
    advance(shift);
    try {
      // Days on: everyone signs in again.
      const again = (who: { username: string; password: string }) => signInAs(app, who.username, who.password);
      const [doctorNow, asPatient, adminNow, stranger] = [await again(doctor), await again(patient), await again(admin), await again(otherDoctor)];
      const signedNote = (
        await call(app, doctorNow, "POST", "/api/treatment-sessions", {
          appointmentId: booked.id,
          progressRating: 7,
          sessionNotes: "A steadier fortnight: the journal helps. Łódź, Ζωή, Жизнь.",
          ...SOAP,
        })
      ).json();
      await call(app, doctorNow, "PUT", `/api/treatment-sessions/${signedNote.id}/private-note`, { body: PRIVATE });
      const signed = (await call(app, doctorNow, "POST", `/api/treatment-sessions/${signedNote.id}/sign`)).json();
      await call(app, doctorNow, "POST", `/api/treatment-sessions/${signedNote.id}/addenda`, { body: "Phoned: still sleeping well." });
      const draft = (
        await call(app, doctorNow, "POST", "/api/treatment-sessions", {
          appointmentId: later.id,
          progressRating: 8,
          sessionNotes: "Good follow-up.",
          assessment: "Draft thought, not yet final.",
        })
      ).json();
      expect(draft.signedAt).toBeNull();

      const response = await call(app, asPatient, "GET", `/api/patients/${patient.id}/record.pdf`);
      expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="record-.+\.pdf"$/);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      const { text } = await pdfText(response.rawPayload);
      for (const expected of [
        `${me.firstName} ${me.lastName}`,
        // Born 1990-05-01, written as the web writes it, and not moved to the day before by a zone.
        "Born May 1, 1990",
        "Sleep.",
        "Robin Quinn",
        "(555) 010-2030",
        "Individual therapy",
        "Follow-up",
        "A steadier fortnight: the journal helps. Łódź, Ζωή, Жизнь.",
        "Keep the evening journal.",
        `SHA-256 of the signed note: ${signed.contentHash}`,
        "Phoned: still sleeping well.",
        "Good follow-up.",
        "GAD-7 · 7 of 21 · Mild",
        "Consent to treatment, version 1",
        "I consent to receive psychotherapy",
      ]) {
        expect(text, expected).toContain(expected);
      }
      expect(text).not.toContain("Countertransference");
      expect(text).not.toContain("Draft thought");

      // The same for their doctor and for admins; no one else.
      for (const reader of [doctorNow, adminNow]) {
        expect((await call(app, reader, "GET", `/api/patients/${patient.id}/record.pdf`)).statusCode).toBe(200);
      }
      const refused = await call(app, stranger, "GET", `/api/patients/${patient.id}/record.pdf`);
      expect([refused.statusCode, refused.json().message]).toEqual([404, "No such patient."]);
      expect((await call(app, asPatient, "GET", `/api/patients/${doctor.id}/record.pdf`)).statusCode).toBe(404);
      expect((await call(app, asPatient, "GET", "/api/patients/abc/record.pdf")).statusCode).toBe(400);
      const tooLarge = await call(app, asPatient, "GET", "/api/patients/2147483648/record.pdf");
      expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([400, "The patient id must be a positive number"]);
      // A refusal is audited, as any refused read of a record is.
      expect(await deniedAccesses(app, otherDoctor.id)).toContainEqual({ procedure: "patients.recordPdf", reason: "NOT_FOUND" });

      const downloads = await app.clinic.db
        .selectFrom("audit_log")
        .select("actor_id")
        .where("action", "=", "record.download")
        .where("target_id", "=", String(patient.id))
        .execute();
      expect(downloads.map((row) => row.actor_id).sort()).toEqual([patient.id, doctor.id, admin.id].sort());
    } finally {
      advance(-shift);
    }
  });
});
