// The clinic's money through its API, on both databases: services and the fee a booking agrees
// to, what a session's end owes, fee decisions, payments and refunds by hand, invoices,
// receivables, and who may see and do what. A refused or bad call writes nothing.
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { aPatient, aStaffMember, book, patch, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Sessions outlive the clock's moves to a session's start and back. */
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: "100000", SESSION_ABSOLUTE_HOURS: "100000" };

const call = (app: FastifyInstance, who: SignedIn, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  app.inject({ method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), headers: { cookie: who.cookie } });

/** How many rows the money tables hold: a refused call must leave them as they were. */
async function moneyRows(app: FastifyInstance): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ["ledger_entries", "payments", "invoices", "pending_fees", "clinic_services", "patient_rates"] as const) {
    const row = await app.clinic.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const fees = await app.clinic.db.selectFrom("pending_fees").select(["id", "status"]).execute();
  counts.decidedFees = fees.filter((fee) => fee.status !== "pending").length;
  return counts;
}

describeApp(
  "the clinic's money",
  (testApp) => {
    let admin: SignedIn;
    let doctor: SignedIn;
    let otherDoctor: SignedIn;
    let individualId: number;
    let couplesId: number;
    let extendedId: number;

    beforeAll(async () => {
      const { app } = testApp();
      admin = await aStaffMember(app, "admin");
      doctor = await aStaffMember(app, "doctor");
      otherDoctor = await aStaffMember(app, "doctor");
      const individual = await call(app, admin, "POST", "/billing/services", {
        name: "Individual Therapy",
        minutes: 53,
        feeMinor: 15_000,
        kind: "individual",
        usualSessionsPerYear: 40,
      });
      const couples = await call(app, admin, "POST", "/billing/services", { name: "Couples Therapy", minutes: 53, feeMinor: 18_000, kind: "couples" });
      const extended = await call(app, admin, "POST", "/billing/services", { name: "Extended Session", minutes: 80, feeMinor: 18_000, kind: "individual" });
      individualId = individual.json().id;
      couplesId = couples.json().id;
      extendedId = extended.json().id;
    });

    /** A new patient with a session booked with the doctor (the service named, or the default), and the session's id and start. */
    async function patientWithSession(body: Record<string, unknown> = {}, daysAhead = 14) {
      const { app } = testApp();
      const patient = await aPatient(app);
      const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(daysAhead + Math.floor(Math.random() * 20)));
      const booked = await book(app, patient, { doctorId: doctor.id, startTime: slot, ...body });
      expect(booked.statusCode, booked.body).toBe(200);
      return { patient, session: booked.json() as { id: number; startTime: string; feeMinor: number | null; serviceId: number | null } };
    }

    /** Runs `work` with the clock just after the session started, then puts it back. */
    async function afterStart<T>(startTime: string, work: () => Promise<T>): Promise<T> {
      const { advance } = testApp();
      const shift = Date.parse(startTime) - Date.now() + 5 * 60_000;
      advance(shift);
      try {
        return await work();
      } finally {
        advance(-shift);
      }
    }

    it("gives every service the CPT code its kind and length call for, and shows patients the active ones", async () => {
      const { app } = testApp();
      const patient = await aPatient(app);
      const services = (await call(app, patient, "GET", "/billing/services")).json() as { name: string; cptCode: string }[];
      expect(services.find((s) => s.name === "Individual Therapy")?.cptCode).toBe("90837");
      expect(services.find((s) => s.name === "Couples Therapy")?.cptCode).toBe("90847");
      const short = await call(app, admin, "POST", "/billing/services", { name: "Check-in", minutes: 30, feeMinor: 8_000, kind: "individual", active: false });
      expect(short.json()).toMatchObject({ cptCode: "90832", active: false });
      expect(((await call(app, patient, "GET", "/billing/services")).json() as { name: string }[]).map((s) => s.name)).not.toContain("Check-in");
      expect(((await call(app, admin, "GET", "/billing/services?includeInactive=true")).json() as { name: string }[]).map((s) => s.name)).toContain("Check-in");
      expect((await call(app, patient, "POST", "/billing/services", { name: "Free", minutes: 50, feeMinor: 0, kind: "individual" })).statusCode).toBe(403);
    });

    it("keeps the fee agreed at booking (the default individual service when none is named, the patient's own rate first) through a price change", async () => {
      const { app } = testApp();
      const { patient, session } = await patientWithSession();
      expect(session).toMatchObject({ serviceId: individualId, feeMinor: 15_000 });
      const extended = await patientWithSession({ serviceId: extendedId });
      expect(extended.session).toMatchObject({ serviceId: extendedId, feeMinor: 18_000 });
      expect((await call(app, admin, "PUT", `/billing/patients/${patient.id}/rates/${individualId}`, { feeMinor: 9_000 })).statusCode).toBe(200);
      const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(40));
      expect((await book(app, patient, { doctorId: doctor.id, startTime: slot })).json().feeMinor).toBe(9_000);
      const raised = await call(app, admin, "PUT", `/billing/services/${extendedId}`, {
        name: "Extended Session",
        minutes: 80,
        feeMinor: 19_500,
        kind: "individual",
      });
      expect(raised.json().feeMinor).toBe(19_500);
      const seen = (await app.inject({ method: "GET", url: "/api/appointments", headers: { cookie: extended.patient.cookie } })).json() as {
        id: number;
        feeMinor: number;
      }[];
      expect(seen.find((a) => a.id === extended.session.id)?.feeMinor).toBe(18_000);
      expect((await book(app, patient, { doctorId: doctor.id, startTime: slot, serviceId: 999_999 })).statusCode).toBe(400);
    });

    it("refuses a service for several patients (couples, family, group) on a one-patient booking, by either role, and writes nothing", async () => {
      const { app } = testApp();
      // A patient in the doctor's care, so that the doctor may book for them too.
      const { patient, session } = await patientWithSession();
      const slot = new Date(Date.parse(session.startTime) + HOUR).toISOString();
      const before = await moneyRows(app);
      const own = await book(app, patient, { doctorId: doctor.id, startTime: slot, serviceId: couplesId });
      expect(own.statusCode).toBe(400);
      expect(own.json()).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("Couples Therapy is booked with more than one patient") });
      const byDoctor = await book(app, doctor, { doctorId: doctor.id, patientId: patient.id, startTime: slot, serviceId: couplesId });
      expect(byDoctor.statusCode, byDoctor.body).toBe(400);
      expect(byDoctor.json().message).toContain("Couples Therapy is booked with more than one patient");
      const mine = (await call(app, patient, "GET", "/appointments")).json() as { id: number }[];
      expect(mine.map((a) => a.id)).toEqual([session.id]);
      expect(await moneyRows(app)).toEqual(before);
      // The quote still shows the couples fee: the service exists; only a one-patient booking refuses it.
      const quote = (await call(app, patient, "GET", "/billing/quote")).json() as { services: { id: number }[] };
      expect(quote.services.map((service) => service.id)).toContain(couplesId);
    });

    it("charges a completed session its agreed fee, and holds a no-show's fee until the doctor approves it", async () => {
      const { app } = testApp();
      const { patient, session } = await patientWithSession();
      const missed = await book(app, patient, { doctorId: doctor.id, startTime: new Date(Date.parse(session.startTime) + 3_600_000).toISOString() });
      expect(missed.statusCode, missed.body).toBe(200);
      await afterStart(missed.json().startTime, async () => {
        expect((await patch(app, doctor, session.id, { status: "completed" })).statusCode).toBe(200);
        expect((await patch(app, doctor, missed.json().id, { status: "no_show" })).statusCode).toBe(200);
      });
      const account = (await call(app, patient, "GET", "/billing/account")).json();
      expect(account.balanceMinor).toBe(15_000);
      expect(account.entries).toEqual([expect.objectContaining({ kind: "charge", amountMinor: 15_000, appointmentId: session.id })]);
      const [fee] = account.fees;
      expect(fee).toMatchObject({ kind: "no_show", amountMinor: 15_000, status: "pending", firstSession: false });
      // Another doctor may not decide it; the session's doctor approves it, once.
      expect((await call(app, otherDoctor, "POST", `/billing/fees/${fee.id}/approve`)).statusCode).toBe(403);
      expect((await call(app, doctor, "POST", `/billing/fees/${fee.id}/approve`)).json().status).toBe("approved");
      expect((await call(app, doctor, "POST", `/billing/fees/${fee.id}/approve`)).statusCode).toBe(409);
      const after = (await call(app, patient, "GET", "/billing/account")).json();
      expect(after.balanceMinor).toBe(30_000);
      // Each was invoiced as it was posted, with no admin's help: the fee's invoice is the newer.
      expect(after.invoices).toEqual([
        expect.objectContaining({ number: expect.stringMatching(/^INV-\d{6}$/), totalMinor: 15_000, paid: false }),
        expect.objectContaining({ number: expect.stringMatching(/^INV-\d{6}$/), totalMinor: 15_000, paid: false }),
      ]);
      const [feeInvoice, sessionInvoice] = after.invoices as [{ id: number; number: string }, { id: number; number: string }];
      expect(feeInvoice.number > sessionInvoice.number).toBe(true);
      expect((await call(app, patient, "GET", `/billing/invoices/${sessionInvoice.id}`)).json().lines).toEqual([
        expect.objectContaining({ kind: "charge", appointmentId: session.id, amountMinor: 15_000 }),
      ]);
      expect((await call(app, patient, "GET", `/billing/invoices/${feeInvoice.id}`)).json().lines).toEqual([
        expect.objectContaining({ kind: "fee", appointmentId: missed.json().id, amountMinor: 15_000 }),
      ]);
      // Nothing is left over for the admin's manual issue.
      expect((await call(app, admin, "POST", "/billing/invoices", { patientId: patient.id })).statusCode).toBe(409);
    });

    it("credits a waived approved fee on its own invoice, so it is no longer open to be paid; adjustments still wait for the admin", async () => {
      const { app } = testApp();
      const { patient, session } = await patientWithSession();
      await afterStart(session.startTime, async () => expect((await patch(app, doctor, session.id, { status: "no_show" })).statusCode).toBe(200));
      const [fee] = (await call(app, patient, "GET", "/billing/account")).json().fees;
      expect((await call(app, doctor, "POST", `/billing/fees/${fee.id}/approve`)).statusCode).toBe(200);
      const [invoice] = (await call(app, patient, "GET", "/billing/account")).json().invoices;
      expect(invoice).toMatchObject({ totalMinor: 15_000, paid: false });
      expect((await call(app, doctor, "POST", `/billing/fees/${fee.id}/waive`, { reason: "Family emergency" })).statusCode).toBe(200);
      const credited = (await call(app, patient, "GET", `/billing/invoices/${invoice.id}`)).json();
      expect(credited).toMatchObject({ number: invoice.number, totalMinor: 0, paid: true });
      expect(credited.lines.map((line: { kind: string; amountMinor: number }) => [line.kind, line.amountMinor])).toEqual([
        ["fee", 15_000],
        ["reversal", -15_000],
      ]);
      const account = (await call(app, patient, "GET", "/billing/account")).json();
      expect(account).toMatchObject({ balanceMinor: 0, invoices: [expect.objectContaining({ id: invoice.id })] });
      // The reversal went onto the fee's invoice: nothing is left for a manual issue.
      expect((await call(app, admin, "POST", "/billing/invoices", { patientId: patient.id })).statusCode).toBe(409);
      expect((await call(app, admin, "POST", "/billing/adjustments", { patientId: patient.id, amountMinor: 2_500, reason: "Records copy" })).statusCode).toBe(
        200,
      );
      const manual = await call(app, admin, "POST", "/billing/invoices", { patientId: patient.id });
      expect(manual.statusCode, manual.body).toBe(200);
      expect((await call(app, patient, "GET", `/billing/invoices/${manual.json().id}`)).json()).toMatchObject({ totalMinor: 2_500, paid: false });
    });

    it("charges a session completed by writing its notes, once", async () => {
      const { app } = testApp();
      const { patient, session } = await patientWithSession();
      await afterStart(session.startTime, async () => {
        const noted = await app.inject({
          method: "POST",
          url: "/api/treatment-sessions",
          payload: { appointmentId: session.id, progressRating: 6, sessionNotes: "A steadier week." },
          headers: { cookie: doctor.cookie },
        });
        expect(noted.statusCode, noted.body).toBe(200);
      });
      const account = (await call(app, patient, "GET", "/billing/account")).json();
      expect(account.entries).toEqual([expect.objectContaining({ kind: "charge", amountMinor: 15_000, appointmentId: session.id })]);
      expect(account.invoices).toEqual([expect.objectContaining({ totalMinor: 15_000, paid: false })]);
    });

    it("ends a session once when two tabs end it at the same moment: one charge, one late fee", async () => {
      const { app, advance } = testApp();
      const { patient, session } = await patientWithSession();
      const notes = { appointmentId: session.id, progressRating: 6, sessionNotes: "A steadier week." };
      const ended = await afterStart(session.startTime, () =>
        Promise.all([
          patch(app, doctor, session.id, { status: "completed" }),
          app.inject({ method: "POST", url: "/api/treatment-sessions", payload: notes, headers: { cookie: doctor.cookie } }),
        ]),
      );
      // Whichever came second is not written over the first: notes may still land on the completed session, a second completion is refused.
      expect(ended.every((answer) => answer.statusCode === 200 || answer.statusCode === 409)).toBe(true);
      expect((await call(app, patient, "GET", "/billing/account")).json().entries).toEqual([
        expect.objectContaining({ kind: "charge", amountMinor: 15_000, appointmentId: session.id }),
      ]);

      const late = await patientWithSession({}, 10);
      const shift = Date.parse(late.session.startTime) - Date.now() - 3 * 3_600_000;
      advance(shift);
      try {
        const answers = await Promise.all([0, 1].map(() => patch(app, late.patient, late.session.id, { status: "cancelled" })));
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toMatch(/came first|already cancelled/);
      } finally {
        advance(-shift);
      }
      expect((await call(app, late.patient, "GET", "/billing/account")).json().fees).toEqual([expect.objectContaining({ kind: "late_cancellation" })]);
    });

    it("opens a late cancellation's fee at the clinic's percentage, and waiving it leaves nothing owed", async () => {
      const { app, advance } = testApp();
      const { patient, session } = await patientWithSession({}, 10);
      const shift = Date.parse(session.startTime) - Date.now() - 3 * 3_600_000;
      advance(shift);
      try {
        const cancelled = await patch(app, patient, session.id, { status: "cancelled" });
        expect(cancelled.json().lateCancellation).toBe(true);
      } finally {
        advance(-shift);
      }
      const [fee] = (await call(app, patient, "GET", "/billing/account")).json().fees;
      expect(fee).toMatchObject({ kind: "late_cancellation", amountMinor: 7_500, status: "pending" });
      expect((await call(app, doctor, "POST", `/billing/fees/${fee.id}/waive`, {})).statusCode).toBe(400);
      const waived = await call(app, admin, "POST", `/billing/fees/${fee.id}/waive`, { reason: "Snowstorm" });
      expect(waived.json()).toMatchObject({ status: "waived", reason: "Snowstorm" });
      expect((await call(app, patient, "GET", "/billing/account")).json().balanceMinor).toBe(0);
    });

    it("forgives a first-session no-show in one call, and only that", async () => {
      const { app } = testApp();
      const { patient, session } = await patientWithSession();
      await afterStart(session.startTime, async () => expect((await patch(app, doctor, session.id, { status: "no_show" })).statusCode).toBe(200));
      const [fee] = (await call(app, doctor, "GET", `/billing/account?patientId=${patient.id}`)).json().fees;
      expect(fee.firstSession).toBe(true);
      const forgiven = await call(app, doctor, "POST", `/billing/fees/${fee.id}/forgive`);
      expect(forgiven.json()).toMatchObject({ status: "waived", reason: expect.stringMatching(/first session/i) });
      const audit = await app.clinic.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "=", "billing.fee_waive")
        .where("actor_id", "=", doctor.id)
        .execute();
      expect(audit.length).toBeGreaterThan(0);
    });

    it("records payments by hand and refunds them, never more than was paid; invoices get numbers that never repeat", async () => {
      const { app } = testApp();
      const patient = await aPatient(app);
      expect(
        (await call(app, admin, "POST", "/billing/adjustments", { patientId: patient.id, amountMinor: 20_000, reason: "Assessment report" })).statusCode,
      ).toBe(200);
      const first = (await call(app, admin, "POST", "/billing/invoices", { patientId: patient.id })).json();
      expect((await call(app, admin, "POST", "/billing/invoices", { patientId: patient.id })).statusCode).toBe(409);
      expect((await call(app, admin, "POST", "/billing/adjustments", { patientId: patient.id, amountMinor: 5_000, reason: "Letter" })).statusCode).toBe(200);
      const second = (await call(app, admin, "POST", "/billing/invoices", { patientId: patient.id })).json();
      const [a, b] = [
        (await call(app, patient, "GET", `/billing/invoices/${first.id}`)).json(),
        (await call(app, admin, "GET", `/billing/invoices/${second.id}`)).json(),
      ];
      expect(a.number).toMatch(/^INV-\d{6}$/);
      expect(b.number > a.number).toBe(true);
      expect(a).toMatchObject({ totalMinor: 20_000, paid: false });

      const paid = await call(app, admin, "POST", "/billing/payments", {
        patientId: patient.id,
        invoiceId: first.id,
        method: "cheque",
        reference: "Cheque 1042",
        amountMinor: 20_000,
      });
      expect(paid.json()).toMatchObject({ method: "cheque", amountMinor: 20_000, refundedMinor: 0 });
      expect((await call(app, patient, "GET", `/billing/invoices/${first.id}`)).json()).toMatchObject({ paidMinor: 20_000, paid: true });
      expect((await call(app, patient, "GET", "/billing/account")).json().balanceMinor).toBe(5_000);

      const before = await moneyRows(app);
      const over = await call(app, admin, "POST", `/billing/payments/${paid.json().id}/refund`, { amountMinor: 20_001, reason: "Overpaid" });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toMatch(/at most what is left of the payment: \$200\.00/);
      expect(await moneyRows(app)).toEqual(before);
      expect((await call(app, admin, "POST", `/billing/payments/${paid.json().id}/refund`, { amountMinor: 15_000, reason: "Overpaid" })).statusCode).toBe(200);
      const rest = await call(app, admin, "POST", `/billing/payments/${paid.json().id}/refund`, { amountMinor: 5_001, reason: "Overpaid" });
      expect(rest.json().message).toMatch(/\$50\.00/);
      expect((await call(app, patient, "GET", "/billing/account")).json()).toMatchObject({
        balanceMinor: 20_000,
        payments: [expect.objectContaining({ amountMinor: 20_000, refundedMinor: 15_000 })],
      });
      expect((await call(app, patient, "GET", `/billing/invoices/${first.id}`)).json()).toMatchObject({ paidMinor: 5_000, paid: false });
      const actions = await app.clinic.db
        .selectFrom("audit_log")
        .select("action")
        .where("action", "like", "billing.%")
        .where("target_id", "=", String(patient.id))
        .execute();
      expect(new Set(actions.map((row) => row.action))).toEqual(new Set(["billing.adjustment", "billing.payment", "billing.refund", "billing.read"]));
    });

    it("refuses bad amounts and a waiver of a paid fee with a clear 4xx, writing nothing", async () => {
      const { app } = testApp();
      const { patient, session } = await patientWithSession();
      await afterStart(session.startTime, async () => expect((await patch(app, doctor, session.id, { status: "no_show" })).statusCode).toBe(200));
      const [fee] = (await call(app, patient, "GET", "/billing/account")).json().fees;
      await call(app, doctor, "POST", `/billing/fees/${fee.id}/approve`);
      await call(app, admin, "POST", "/billing/payments", { patientId: patient.id, method: "cash", reference: "Till", amountMinor: 15_000 });

      const before = await moneyRows(app);
      const refusals = [
        [await call(app, admin, "POST", "/billing/payments", { patientId: patient.id, method: "cash", amountMinor: -500 }), 400, /more than 0/],
        [await call(app, admin, "POST", "/billing/payments", { patientId: patient.id, method: "cash", amountMinor: 12.5 }), 400, /whole cents/],
        [
          await call(app, admin, "POST", "/billing/payments", { patientId: patient.id, method: "bitcoin", amountMinor: 500 }),
          400,
          /cash, cheque or card_elsewhere/,
        ],
        [await call(app, admin, "POST", "/billing/adjustments", { patientId: patient.id, amountMinor: 0, reason: "Nothing" }), 400, /changes nothing/],
        [await call(app, admin, "POST", "/billing/adjustments", { patientId: patient.id, amountMinor: -500 }), 400, /Say why/],
        [await call(app, admin, "POST", "/billing/services", { name: "Odd", minutes: 50, feeMinor: -1, kind: "individual" }), 400, /cannot be negative/],
        [await call(app, admin, "POST", `/billing/fees/${fee.id}/waive`, { reason: "Changed my mind" }), 409, /has been paid/],
      ] as const;
      for (const [response, status, message] of refusals) {
        expect(response.statusCode, response.body).toBe(status);
        expect(response.json().message).toMatch(message);
      }
      expect(refusals[0][0].json().issues).toEqual([expect.objectContaining({ path: "amountMinor" })]);
      expect(await moneyRows(app)).toEqual(before);
    });

    it("ages the receivables by the newest debts, exports them as CSV, and keeps them from doctors", async () => {
      const { app, advance } = testApp();
      const patient = await aPatient(app);
      const adjust = (amountMinor: number) => call(app, admin, "POST", "/billing/adjustments", { patientId: patient.id, amountMinor, reason: "Report" });
      await adjust(10_000);
      advance(45 * DAY);
      try {
        await adjust(4_000);
        await call(app, admin, "POST", "/billing/payments", { patientId: patient.id, method: "cash", reference: "Till", amountMinor: 6_000 });
        // 8,000 owed: the 4,000 of today, and 4,000 of the 10,000 of 45 days ago.
        const report = (await call(app, admin, "GET", "/billing/receivables")).json();
        expect(report.patients.find((p: { patientId: number }) => p.patientId === patient.id)).toMatchObject({
          balanceMinor: 8_000,
          days0to30: 4_000,
          days31to60: 4_000,
          days61to90: 0,
          over90: 0,
        });
        const csv = await call(app, admin, "GET", "/billing/receivables.csv");
        expect(csv.headers["content-type"]).toMatch(/text\/csv/);
        expect(csv.body.split("\r\n")[0]).toBe('"patient_id","patient","currency","balance","0-30 days","31-60 days","61-90 days","over 90 days"');
        expect(csv.body).toContain(`"${patient.id}",`);
        expect(csv.body).toMatch(/"USD","80\.00","40\.00","40\.00","0\.00","0\.00"/);
        expect((await call(app, doctor, "GET", "/billing/receivables")).statusCode).toBe(403);
        expect((await call(app, doctor, "GET", "/billing/receivables.csv")).statusCode).toBe(403);
      } finally {
        advance(-45 * DAY);
      }
    });

    it("ages into every bucket by whole days, a refund counting as a new debt", async () => {
      const { app, advance } = testApp();
      const patient = await aPatient(app);
      const edge = await aPatient(app);
      const adjust = (who: SignedIn, amountMinor: number) =>
        call(app, admin, "POST", "/billing/adjustments", { patientId: who.id, amountMinor, reason: "Report" });
      const agedOf = async (who: SignedIn) =>
        (await call(app, admin, "GET", "/billing/receivables")).json().patients.find((p: { patientId: number }) => p.patientId === who.id);
      let moved = 0;
      const move = (ms: number) => {
        advance(ms);
        moved += ms;
      };
      try {
        await adjust(patient, 5_000);
        await adjust(edge, 700);
        move(25 * DAY);
        await adjust(patient, 3_000);
        // 30 days and 23 hours after the edge's debit: 30 whole days, still 0–30; an hour on, 31.
        move(5 * DAY + 23 * HOUR);
        expect(await agedOf(edge)).toMatchObject({ balanceMinor: 700, days0to30: 700, days31to60: 0 });
        move(HOUR);
        expect(await agedOf(edge)).toMatchObject({ balanceMinor: 700, days0to30: 0, days31to60: 700 });
        move(24 * DAY);
        await adjust(patient, 2_000);
        move(40 * DAY);
        const paid = await call(app, admin, "POST", "/billing/payments", { patientId: patient.id, method: "cash", reference: "Till", amountMinor: 4_000 });
        // Refunding 1,000 of it: owed again, and as new as the refund.
        expect((await call(app, admin, "POST", `/billing/payments/${paid.json().id}/refund`, { amountMinor: 1_000, reason: "Overpaid" })).statusCode).toBe(200);
        // Debits of 95, 70 and 40 days ago and the refund today, 11,000 in all; 4,000 paid: the newest 7,000 are owed.
        expect(await agedOf(patient)).toMatchObject({ balanceMinor: 7_000, days0to30: 1_000, days31to60: 2_000, days61to90: 3_000, over90: 1_000 });
        await call(app, admin, "POST", "/billing/payments", { patientId: patient.id, method: "cash", reference: "Till", amountMinor: 7_000 });
        expect(await agedOf(patient)).toBeUndefined();
      } finally {
        advance(-moved);
      }
    });

    it("shows a doctor their patient's balance and their own sessions' charges only, and no one else's money", async () => {
      const { app } = testApp();
      const { patient, session } = await patientWithSession();
      await afterStart(session.startTime, async () => expect((await patch(app, doctor, session.id, { status: "completed" })).statusCode).toBe(200));
      await call(app, admin, "POST", "/billing/adjustments", { patientId: patient.id, amountMinor: -1_000, reason: "Loyalty discount" });
      const seen = (await call(app, doctor, "GET", `/billing/account?patientId=${patient.id}`)).json();
      expect(seen).toMatchObject({ balanceMinor: 14_000, invoices: [], payments: [] });
      expect(seen.entries.map((e: { kind: string }) => e.kind)).toEqual(["charge"]);
      expect((await call(app, otherDoctor, "GET", `/billing/account?patientId=${patient.id}`)).statusCode).toBe(403);
      const stranger = await aPatient(app);
      expect((await call(app, stranger, "GET", `/billing/account?patientId=${patient.id}`)).statusCode).toBe(403);
      expect((await call(app, patient, "GET", "/billing/account")).json().entries).toHaveLength(2);
    });

    it("quotes a patient the fee a booking would agree to (their own rate first), to them, their doctor and admins only", async () => {
      const { app } = testApp();
      const { patient, session } = await patientWithSession();
      expect(session).toMatchObject({ serviceName: "Individual Therapy" });
      expect((await call(app, admin, "PUT", `/billing/patients/${patient.id}/rates/${individualId}`, { feeMinor: 7_500 })).statusCode).toBe(200);
      type Quote = { patientId: number; defaultServiceId: number; services: { id: number; feeMinor: number; agreedFeeMinor: number; ownRate: boolean }[] };
      const own = (await call(app, patient, "GET", "/billing/quote")).json() as Quote;
      expect(own).toMatchObject({ patientId: patient.id, currency: "USD", defaultServiceId: individualId });
      expect(own.services.find((s) => s.id === individualId)).toMatchObject({ feeMinor: 15_000, agreedFeeMinor: 7_500, ownRate: true });
      const couples = own.services.find((s) => s.id === couplesId)!;
      expect(couples).toMatchObject({ ownRate: false, agreedFeeMinor: couples.feeMinor });
      // What was quoted is what a booking agrees to, and the session shows its service by name.
      const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(45));
      const booked = await book(app, patient, { doctorId: doctor.id, startTime: slot });
      expect(booked.json()).toMatchObject({ serviceId: individualId, serviceName: "Individual Therapy", feeMinor: 7_500 });
      const listed = (await call(app, patient, "GET", "/appointments")).json() as { id: number; serviceName: string | null }[];
      expect(listed.find((a) => a.id === booked.json().id)?.serviceName).toBe("Individual Therapy");
      // The patient's doctor and admins may ask for them; another patient, a doctor outside their care, or a doctor naming no one may not.
      for (const staff of [doctor, admin]) expect((await call(app, staff, "GET", `/billing/quote?patientId=${patient.id}`)).json()).toEqual(own);
      const stranger = await aPatient(app);
      const prying = await call(app, stranger, "GET", `/billing/quote?patientId=${patient.id}`);
      expect(prying.statusCode).toBe(403);
      expect(prying.body).not.toContain("7500");
      expect((await call(app, otherDoctor, "GET", `/billing/quote?patientId=${patient.id}`)).statusCode).toBe(403);
      expect((await call(app, doctor, "GET", "/billing/quote")).statusCode).toBe(403);
      expect((await call(app, admin, "GET", `/billing/quote?patientId=${doctor.id}`)).statusCode).toBe(404);
      // The stranger's own quote is the services' fees: another patient's rate never leaks into it.
      const theirs = (await call(app, stranger, "GET", "/billing/quote")).json() as Quote;
      expect(theirs.services.find((s) => s.id === individualId)).toMatchObject({ agreedFeeMinor: 15_000, ownRate: false });
    });

    // After the tests that expect the demo services alone: it adds active individual services (and retires them).
    it("books a session naming no service at the individual service closest to an hour, shorter or longer", async () => {
      const { app } = testApp();
      const others = [30, 45, 80].map((minutes) => ({ name: `Session of ${minutes}`, minutes, kind: "individual", feeMinor: 9_000 }));
      const ids: number[] = [];
      for (const service of others) ids.push((await call(app, admin, "POST", "/billing/services", service)).json().id);
      try {
        // 53 minutes is 7 from the hour; 45 is 15 under it, 80 is 20 over.
        expect((await patientWithSession({}, 60)).session).toMatchObject({ serviceId: individualId, feeMinor: 15_000 });
      } finally {
        for (const [index, id] of ids.entries()) await call(app, admin, "PUT", `/billing/services/${id}`, { ...others[index], active: false });
      }
    });

    // Last: after every charge, fee, payment, refund and adjustment above.
    it("keeps each patient's running totals (what the receivables read) equal to the sum of their ledger", async () => {
      const { app } = testApp();
      const db = app.clinic.db;
      const fromLedger = await db
        .selectFrom("ledger_entries")
        .select((eb) => [
          "patient_id",
          eb.fn.sum<number>("amount_minor").as("balance"),
          eb.fn.sum<number>(eb.case().when("amount_minor", ">", 0).then(eb.ref("amount_minor")).else(0).end()).as("debited"),
        ])
        .groupBy("patient_id")
        .orderBy("patient_id")
        .execute();
      const kept = await db.selectFrom("patient_balances").selectAll().orderBy("patient_id").execute();
      expect(fromLedger.length).toBeGreaterThan(5);
      expect(kept.map((row) => [row.patient_id, Number(row.balance_minor), Number(row.debited_minor)])).toEqual(
        fromLedger.map((row) => [row.patient_id, Number(row.balance), Number(row.debited)]),
      );
      const entries = await db.selectFrom("ledger_entries").select(["patient_id", "amount_minor", "debits_to_date"]).orderBy("id").execute();
      const running = new Map<number, number>();
      for (const entry of entries) {
        const debited = (running.get(entry.patient_id) ?? 0) + Math.max(Number(entry.amount_minor), 0);
        running.set(entry.patient_id, debited);
        expect(Number(entry.debits_to_date)).toBe(debited);
      }
    });
  },
  LONG_SESSIONS,
);
