// Billing documents through the API, on both databases (issue 35, items 6 and 7): Good Faith
// Estimates issued at a first booking and again when the fee changes, once however often the
// sweep looks, emailed and audited; superbills of paid sessions only, with their codes; invoices
// and receipts; the monthly superbill; and every download refused to anyone but the patient,
// their doctor and admins.
import { estimateCandidates } from "@halcyon/db";
import { runBillingDocumentSweeps } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { aPatient, aStaffMember, book, patch, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";
import { pdfText } from "./pdf-text";

const LONG_SESSIONS = { SESSION_IDLE_MINUTES: "100000", SESSION_ABSOLUTE_HOURS: "100000" };

const call = (app: FastifyInstance, who: SignedIn | null, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: who ? { cookie: who.cookie } : {},
  });

const sweepAt = (app: FastifyInstance, at = new Date()) => runBillingDocumentSweeps({ ...app.clinic, now: () => at });

describeApp(
  "billing documents",
  (testApp) => {
    let admin: SignedIn;
    let doctor: SignedIn;
    let stranger: SignedIn;
    let serviceId: number;

    beforeAll(async () => {
      const { app } = testApp();
      [admin, doctor, stranger] = [await aStaffMember(app, "admin"), await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor")];
      // As System Settings would set them (provider-identity.test.ts): these sessions outlive the longest idle timeout a setting allows.
      app.clinic.config.identity = { address: "12 Harbour Street\nPortland, ME 04101", ein: "12-3456789", npi: "1245319599" };
      expect((await call(app, admin, "PUT", `/doctors/${doctor.id}/credentials`, { licence: "LCSW 123456 (ME)", npi: "1234567893" })).statusCode).toBe(200);
      const service = await call(app, admin, "POST", "/billing/services", {
        name: "Talk Hour",
        minutes: 53,
        feeMinor: 16_000,
        kind: "individual",
        usualSessionsPerYear: 24,
      });
      expect(service.statusCode, service.body).toBe(200);
      serviceId = service.json().id;
    });

    async function bookedPatient(daysAhead = 10) {
      const { app } = testApp();
      const patient = await aPatient(app);
      // Only a verified address is emailed.
      await app.clinic.db
        .updateTable("users")
        .set({ email: `member${patient.id}@example.com`, email_verified_at: new Date().toISOString() })
        .where("id", "=", patient.id)
        .execute();
      const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(daysAhead));
      const booked = await book(app, patient, { doctorId: doctor.id, startTime: slot, serviceId });
      expect(booked.statusCode, booked.body).toBe(200);
      return { patient, session: booked.json() as { id: number; startTime: string } };
    }

    it("looks again at a patient who books more of what their estimate covers once, then not until the next change", async () => {
      const { app } = testApp();
      const { patient } = await bookedPatient(12);
      await sweepAt(app);
      const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(19));
      expect((await book(app, patient, { doctorId: doctor.id, startTime: slot, serviceId })).statusCode).toBe(200);
      const candidate = async () => (await estimateCandidates(app.clinic.db, new Date().toISOString(), 10_000)).includes(patient.id);
      expect(await candidate()).toBe(true);
      await sweepAt(app);
      // The same service with the same doctor: nothing new to estimate, and nothing to look at again.
      expect((await call(app, patient, "GET", `/billing/patients/${patient.id}/estimates`)).json()).toHaveLength(1);
      expect(await candidate()).toBe(false);
    });

    it("issues a Good Faith Estimate at the first booking and at a fee change, once each, emailed and audited", async () => {
      const { app } = testApp();
      const { patient } = await bookedPatient();
      await sweepAt(app);
      await sweepAt(app);
      const estimates = () => call(app, patient, "GET", `/billing/patients/${patient.id}/estimates`);
      expect((await estimates()).json()).toEqual([expect.objectContaining({ reason: "first_booking", totalMinor: 24 * 16_000, currency: "USD" })]);

      expect((await call(app, admin, "PUT", `/billing/patients/${patient.id}/rates/${serviceId}`, { feeMinor: 9_000 })).statusCode).toBe(200);
      await sweepAt(app);
      await sweepAt(app);
      const [latest, first] = (await estimates()).json() as { id: number; reason: string; totalMinor: number }[];
      expect([latest?.reason, latest?.totalMinor, first?.reason]).toEqual(["changed", 24 * 9_000, "first_booking"]);

      const notices = await app.clinic.db
        .selectFrom("notices")
        .select(["kind", "subject"])
        .where("user_id", "=", patient.id)
        .where("kind", "=", "billing_document_ready")
        .execute();
      expect(notices).toHaveLength(2);
      const issued = await app.clinic.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "billing.estimate_issue")
        .where("target_id", "=", String(patient.id))
        .execute();
      expect(issued).toHaveLength(2);

      const pdf = await call(app, patient, "GET", `/billing/estimates/${latest!.id}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      const { text } = await pdfText(pdf.rawPayload);
      for (const element of [
        "Good Faith Estimate",
        "Morgan Reyes",
        "Talk Hour 90837",
        "24 $90.00 $2,160.00",
        "NPI: 1234567893",
        "Tax ID: 12-3456789",
        "12 Harbour Street",
        "not a contract",
        "$400",
      ]) {
        expect(text).toContain(element);
      }
    });

    it("lists only paid sessions on a superbill, with CPT, place of service and the session's diagnoses", async () => {
      const { app, advance } = testApp();
      const { patient, session } = await bookedPatient(12);
      const shift = Date.parse(session.startTime) - Date.now() + 5 * 60_000;
      advance(shift);
      try {
        expect((await patch(app, doctor, session.id, { status: "completed" })).statusCode).toBe(200);
        expect((await call(app, doctor, "POST", "/diagnoses", { patientId: patient.id, code: "F41.1" })).statusCode).toBe(200);
      } finally {
        advance(-shift);
      }
      const day = session.startTime.slice(0, 10);
      const range = `from=${weekdayAhead(0).slice(0, 8)}01&to=${day.slice(0, 4)}-12-31`;
      const superbill = async (who: SignedIn) => call(app, who, "GET", `/billing/patients/${patient.id}/superbill.pdf?${range}`);

      // Charged but not paid: not on it yet.
      expect((await pdfText((await superbill(patient)).rawPayload)).text).toContain("No paid sessions in these dates.");
      // The session's charge was invoiced as it was posted.
      const [invoice] = (await call(app, patient, "GET", "/billing/account")).json().invoices;
      expect(
        (
          await call(app, admin, "POST", "/billing/payments", {
            patientId: patient.id,
            invoiceId: invoice.id,
            method: "cash",
            reference: "Front desk",
            amountMinor: 16_000,
          })
        ).statusCode,
      ).toBe(200);

      for (const reader of [patient, doctor, admin]) {
        const answer = await superbill(reader);
        expect(answer.statusCode).toBe(200);
        const { text } = await pdfText(answer.rawPayload);
        for (const element of [
          "Superbill",
          "Tax ID (EIN): 12-3456789",
          "Organization NPI: 1245319599",
          "Morgan Reyes",
          "Licence: LCSW 123456 (ME)",
          "F41.1 Generalized anxiety disorder",
          "90837 11 F41.1 $160.00 $160.00",
          "Total, 1 session $160.00 $160.00",
        ]) {
          expect(text).toContain(element);
        }
      }
      const other = await aPatient(app);
      for (const outsider of [other, stranger]) expect((await superbill(outsider)).statusCode).toBe(404);
      expect((await call(app, null, "GET", `/billing/patients/${patient.id}/superbill.pdf?${range}`)).statusCode).toBe(401);
      const backwards = await call(app, patient, "GET", `/billing/patients/${patient.id}/superbill.pdf?from=2026-12-31&to=2026-01-01`);
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().issues).toEqual([{ path: "to", message: "The range must end on or after its first day" }]);
      expect((await call(app, patient, "GET", `/billing/patients/${patient.id}/superbill.pdf?from=2026-02-30&to=2026-03-01`)).statusCode).toBe(400);

      // The invoice and its receipt, to the same readers only.
      const receipt = await call(app, patient, "GET", `/billing/invoices/${invoice.id}/receipt.pdf`);
      expect(receipt.statusCode).toBe(200);
      expect((await pdfText(receipt.rawPayload)).text).toContain("Cash Front desk $160.00");
      expect((await call(app, admin, "GET", `/billing/invoices/${invoice.id}/invoice.pdf`)).statusCode).toBe(200);
      // Doctors see no invoices (as GET /api/billing/invoices/{id}); another patient finds none.
      expect((await call(app, doctor, "GET", `/billing/invoices/${invoice.id}/invoice.pdf`)).statusCode).toBe(403);
      expect((await call(app, other, "GET", `/billing/invoices/${invoice.id}/invoice.pdf`)).statusCode).toBe(404);

      const downloads = await app.clinic.db
        .selectFrom("audit_log")
        .select(["actor_id", "details"])
        .where("action", "=", "billing.document_download")
        .where("target_id", "=", String(patient.id))
        .execute();
      expect(downloads.length).toBeGreaterThanOrEqual(6);

      // The monthly superbill, once the month is over, once.
      expect(
        (
          await call(app, patient, "PUT", `/billing/patients/${patient.id}/document-details`, {
            postalAddress: "5 Elm Road\nBangor, ME 04401",
            monthlySuperbill: true,
          })
        ).statusCode,
      ).toBe(200);
      const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
      const nextMonth = new Date(Date.UTC(year, month, 2, 12));
      await sweepAt(app, nextMonth);
      await sweepAt(app, nextMonth);
      const monthly = await app.clinic.db
        .selectFrom("notices")
        .select("id")
        .where("user_id", "=", patient.id)
        .where("dedupe_key", "like", "superbill:%")
        .execute();
      expect(monthly).toHaveLength(1);
      expect(await app.clinic.db.selectFrom("issued_superbills").select("period_from").where("patient_id", "=", patient.id).execute()).toEqual([
        { period_from: `${day.slice(0, 7)}-01` },
      ]);
    });

    it("keeps the document details to the patient and admins, and refuses a receipt with nothing paid", async () => {
      const { app } = testApp();
      const { patient } = await bookedPatient(16);
      const url = `/billing/patients/${patient.id}/document-details`;
      expect((await call(app, doctor, "GET", url)).statusCode).toBe(403);
      expect((await call(app, await aPatient(app), "GET", url)).statusCode).toBe(404);
      const long = await call(app, patient, "PUT", url, { postalAddress: "x".repeat(301), monthlySuperbill: false });
      expect(long.statusCode).toBe(400);
      expect((await call(app, patient, "GET", url)).json()).toEqual({ postalAddress: null, monthlySuperbill: false });

      expect((await call(app, admin, "POST", "/billing/adjustments", { patientId: patient.id, amountMinor: 2_000, reason: "Letter" })).statusCode).toBe(200);
      // An adjustment waits for the admin to invoice it.
      const invoice = (await call(app, admin, "POST", "/billing/invoices", { patientId: patient.id })).json();
      expect((await call(app, patient, "GET", `/billing/invoices/${invoice.id}/receipt.pdf`)).statusCode).toBe(409);
      expect((await call(app, patient, "GET", `/billing/invoices/${invoice.id}/invoice.pdf`)).statusCode).toBe(200);
    });
  },
  LONG_SESSIONS,
);
