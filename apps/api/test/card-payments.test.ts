// Payments by card (issue 35, item 4) through the public API, on each database, with the `stripe`
// library pointed at the test's stand-in for Stripe's API (stripe-stand-in.ts), which checks every
// request it is sent. Webhooks are signed with the library's test-header helper, and sent twice,
// out of order and with a bad signature. Without Stripe's settings the clinic says it takes
// payments by hand only.
import { startMailCatcher, type MailCatcher } from "@halcyon/config/mail-catcher";
import { describeEachDatabase } from "@halcyon/db/testing";
import { CARD_CONSENT_TEXT, collectSavedCards, patientBalance, recordPayment } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { aCardPayment, anOpenInvoice } from "./card-fixtures";
import { aPatient, aStaffMember, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";
import { mailingApp, noticeWhen, PUBLIC_ORIGIN, verifyEmail, type MailingApp } from "./notice-support";
import { standInEnv, startStripeStandIn, STAND_IN_WEBHOOK_SECRET } from "./stripe-stand-in";

const stand = await startStripeStandIn();
afterAll(() => stand.close());

function call(app: FastifyInstance, who: SignedIn, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) {
  return app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

function sendEvent(app: FastifyInstance, signed: { payload: string; header: string }) {
  return app.inject({
    method: "POST",
    url: "/api/payments/stripe/webhook",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signed.header },
    payload: signed.payload,
  });
}

let eventSerial = 0;
function event(type: string, object: Record<string, unknown>) {
  return {
    id: `evt_test${(eventSerial += 1)}${Math.random().toString(36).slice(2, 8)}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  };
}

const paymentsOf = (app: FastifyInstance, patientId: number) => app.clinic.db.selectFrom("payments").selectAll().where("patient_id", "=", patientId).execute();

const requestsSince = (mark: number) => stand.requests.slice(mark);

/** A patient who saved a card through Checkout (setup mode) and consented: its payment method's id. */
async function savedCard(app: FastifyInstance, patient: SignedIn): Promise<string> {
  const started = await call(app, patient, "POST", "/api/payments/card/checkout", { consent: true, consentText: CARD_CONSENT_TEXT });
  expect(started.statusCode, started.body).toBe(200);
  const { stripe_customer_id } = await app.clinic.db
    .selectFrom("saved_cards")
    .select("stripe_customer_id")
    .where("patient_id", "=", patient.id)
    .executeTakeFirstOrThrow();
  const setupIntent = `seti_${patient.id}x${Math.random().toString(36).slice(2, 8)}`;
  const done = await sendEvent(
    app,
    stand.signed(
      event("checkout.session.completed", {
        id: "cs_test_setup",
        object: "checkout.session",
        mode: "setup",
        status: "complete",
        customer: stripe_customer_id,
        setup_intent: setupIntent,
        metadata: {},
      }),
    ),
  );
  expect(done.statusCode, done.body).toBe(200);
  return `pm_${setupIntent}`;
}

/** The clinic at 03:00 (its own zone, America/New_York) on a given date, as a clock. */
const atNight = (app: FastifyInstance, instant: string) => ({ ...app.clinic, now: () => new Date(instant) });

describeApp(
  "payments by card through Stripe",
  (testApp) => {
    beforeEach(() => {
      stand.webhookUrl = null;
    });

    it("says the clinic takes cards", async () => {
      const { app } = testApp();
      expect((await app.inject({ method: "GET", url: "/api/clinic" })).json().cardPayments).toBe(true);
      const patient = await aPatient(app);
      const mine = (await call(app, patient, "GET", "/api/payments/card")).json();
      expect(mine).toMatchObject({ offered: true, consentText: CARD_CONSENT_TEXT, card: null, failedCharge: null });
    });

    it("opens Checkout for what is left of the patient's own invoice, and only theirs; the payment is recorded from Stripe's signed event, once", async () => {
      const { app } = testApp();
      const [patient, other] = [await aPatient(app), await aPatient(app)];
      const invoiceId = await anOpenInvoice(app, patient.id, 12_500);

      const mark = stand.requests.length;
      const refused = await call(app, other, "POST", `/api/payments/invoices/${invoiceId}/checkout`);
      expect(refused.statusCode).toBe(404);
      expect(requestsSince(mark)).toEqual([]);

      const opened = await call(app, patient, "POST", `/api/payments/invoices/${invoiceId}/checkout`);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json().url).toMatch(new RegExp(`^${stand.url}/checkout/cs_test_`));
      const [customer, session] = requestsSince(mark);
      expect(customer).toMatchObject({ method: "POST", path: "/v1/customers", params: { "metadata[halcyonPatientId]": String(patient.id) } });
      // Stripe is told nothing of the patient but Halcyon's id.
      expect(Object.keys(customer!.params).sort()).toEqual(["metadata[halcyonPatientId]"]);
      expect(session).toMatchObject({
        method: "POST",
        path: "/v1/checkout/sessions",
        params: {
          mode: "payment",
          "line_items[0][quantity]": "1",
          "line_items[0][price_data][currency]": "usd",
          "line_items[0][price_data][unit_amount]": "12500",
          "payment_intent_data[metadata][halcyonPatientId]": String(patient.id),
          "payment_intent_data[metadata][halcyonInvoiceId]": String(invoiceId),
        },
      });
      expect(session!.params["line_items[0][price_data][product_data][name]"]).toMatch(/^Invoice INV-\d+$/);
      expect(session!.params.success_url).toMatch(/\/billing\?paid=\d+$/);
      expect(session!.params.customer).toMatch(/^cus_/);
      // Nothing is paid until Stripe says so.
      expect(await paymentsOf(app, patient.id)).toEqual([]);

      const succeeded = event("payment_intent.succeeded", {
        id: `pi_invoice${invoiceId}`,
        object: "payment_intent",
        status: "succeeded",
        amount: 12_500,
        amount_received: 12_500,
        currency: "usd",
        metadata: { halcyonPatientId: String(patient.id), halcyonInvoiceId: String(invoiceId) },
      });
      // Sent twice (Stripe retries), then Checkout's own event for the same payment, arriving last.
      for (const signed of [stand.signed(succeeded), stand.signed(succeeded)]) expect((await sendEvent(app, signed)).statusCode).toBe(200);
      const completed = event("checkout.session.completed", {
        id: "cs_test_paid",
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        payment_intent: `pi_invoice${invoiceId}`,
        amount_total: 12_500,
        metadata: { halcyonPatientId: String(patient.id), halcyonInvoiceId: String(invoiceId) },
      });
      expect((await sendEvent(app, stand.signed(completed))).statusCode).toBe(200);

      const payments = await paymentsOf(app, patient.id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ method: "card", amount_minor: 12_500, invoice_id: invoiceId, stripe_payment_intent_id: `pi_invoice${invoiceId}` });
      expect(await patientBalance(app.clinic.db, patient.id)).toBe(0);
      // Paid: a second Checkout is refused.
      expect((await call(app, patient, "POST", `/api/payments/invoices/${invoiceId}/checkout`)).statusCode).toBe(409);
    });

    it("refuses an event without Stripe's signature, or signed with another secret, or stale, and records nothing", async () => {
      const { app } = testApp();
      const patient = await aPatient(app);
      await anOpenInvoice(app, patient.id, 5_000);
      const forged = event("payment_intent.succeeded", {
        id: "pi_forged",
        object: "payment_intent",
        amount: 5_000,
        amount_received: 5_000,
        currency: "usd",
        metadata: { halcyonPatientId: String(patient.id) },
      });
      const events = await app.clinic.db.selectFrom("stripe_events").select("id").execute();
      const good = stand.signed(forged);
      for (const signed of [
        stand.signed(forged, { secret: "whsec_someoneElsesSecret00" }),
        stand.signed(forged, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
        { payload: good.payload.replace("5000", "9000"), header: good.header },
        { payload: good.payload, header: "" },
      ]) {
        const response = await sendEvent(app, signed);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/not signed by the clinic's Stripe account/);
      }
      expect(await paymentsOf(app, patient.id)).toEqual([]);
      expect(await app.clinic.db.selectFrom("stripe_events").select("id").execute()).toEqual(events);
      expect(STAND_IN_WEBHOOK_SECRET).not.toBe("whsec_someoneElsesSecret00");
    });

    it("saves a card through Checkout in setup mode only with the consent ticked, keeping the text agreed to", async () => {
      const { app } = testApp();
      const patient = await aPatient(app);
      const mark = stand.requests.length;
      const unticked = await call(app, patient, "POST", "/api/payments/card/checkout", { consent: false, consentText: CARD_CONSENT_TEXT });
      expect(unticked.statusCode).toBe(400);
      expect(unticked.json().issues[0].path).toBe("consent");
      const reworded = await call(app, patient, "POST", "/api/payments/card/checkout", { consent: true, consentText: "Charge me whatever." });
      expect(reworded.statusCode).toBe(409);
      expect(requestsSince(mark)).toEqual([]);
      expect(await app.clinic.db.selectFrom("saved_cards").selectAll().where("patient_id", "=", patient.id).execute()).toEqual([]);

      const paymentMethod = await savedCard(app, patient);
      const session = requestsSince(mark).find((request) => request.path === "/v1/checkout/sessions");
      expect(session?.params).toMatchObject({
        mode: "setup",
        currency: "usd",
        "allowed_payment_method_types[0]": "card",
        "setup_intent_data[metadata][halcyonPatientId]": String(patient.id),
      });
      expect(requestsSince(mark).some((request) => request.method === "GET" && request.path.startsWith("/v1/setup_intents/seti_"))).toBe(true);
      const mine = (await call(app, patient, "GET", "/api/payments/card")).json();
      expect(mine.card).toMatchObject({ brand: "visa", last4: "4242", consentText: CARD_CONSENT_TEXT });
      const row = await app.clinic.db.selectFrom("saved_cards").selectAll().where("patient_id", "=", patient.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ payment_method_id: paymentMethod, consent_text: CARD_CONSENT_TEXT });
      expect(row.consented_at).toMatch(/Z$/);
    });

    it("charges saved cards once a night in the clinic's zone, however often it runs; Stripe's event records the payment", async () => {
      const { app } = testApp();
      const patient = await aPatient(app);
      const paymentMethod = await savedCard(app, patient);
      await anOpenInvoice(app, patient.id, 8_000);

      // 01:30 in New York: not yet the night's collection.
      expect((await collectSavedCards(atNight(app, "2031-03-04T06:30:00.000Z"))).night).toBeNull();
      const before = stand.charges.length;
      // 03:00 and 04:00 in New York on 4 March: one night, two runs (and a second instance's).
      const runs = await Promise.all([
        collectSavedCards(atNight(app, "2031-03-04T08:00:00.000Z")),
        collectSavedCards(atNight(app, "2031-03-04T08:00:00.000Z")),
      ]);
      await collectSavedCards(atNight(app, "2031-03-04T09:00:00.000Z"));
      expect(runs.map((run) => run.night)).toEqual(["2031-03-04", "2031-03-04"]);
      const charges = stand.charges.slice(before).filter((charge) => charge.paymentMethod === paymentMethod);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ amount: 8_000, metadata: { halcyonPatientId: String(patient.id) } });
      const sent = stand.requests.filter((request) => request.path === "/v1/payment_intents" && request.params.payment_method === paymentMethod);
      for (const request of sent) {
        expect(request.params).toMatchObject({ amount: "8000", currency: "usd", off_session: "true", confirm: "true" });
        expect(request.idempotencyKey).toBe(`halcyon-collection-${request.params.customer}-2031-03-04`);
      }

      const collectionId = charges[0]!.metadata.halcyonCollectionId;
      const succeeded = event("payment_intent.succeeded", {
        id: charges[0]!.id,
        object: "payment_intent",
        amount: 8_000,
        amount_received: 8_000,
        currency: "usd",
        metadata: charges[0]!.metadata,
      });
      // A failure told after the success (out of order) changes nothing.
      const failed = event("payment_intent.payment_failed", {
        id: charges[0]!.id,
        object: "payment_intent",
        amount: 8_000,
        amount_received: 0,
        currency: "usd",
        metadata: charges[0]!.metadata,
        last_payment_error: { message: "An earlier attempt failed." },
      });
      for (const signed of [stand.signed(succeeded), stand.signed(failed), stand.signed(succeeded)])
        expect((await sendEvent(app, signed)).statusCode).toBe(200);
      expect(await paymentsOf(app, patient.id)).toMatchObject([{ method: "card", amount_minor: 8_000, stripe_payment_intent_id: charges[0]!.id }]);
      const collection = await app.clinic.db.selectFrom("card_collections").selectAll().where("id", "=", Number(collectionId)).executeTakeFirstOrThrow();
      expect(collection).toMatchObject({ status: "paid", night: "2031-03-04", amount_minor: 8_000 });
      expect((await call(app, patient, "GET", "/api/payments/card")).json().failedCharge).toBeNull();

      // The next night: nothing is owed, nothing is charged.
      await collectSavedCards(atNight(app, "2031-03-05T08:00:00.000Z"));
      expect(stand.charges.filter((charge) => charge.paymentMethod === paymentMethod)).toHaveLength(1);
    });

    it("shows a declined nightly charge, with Stripe's reason, to the patient and to admins", async () => {
      const { app } = testApp();
      const [patient, admin] = [await aPatient(app), await aStaffMember(app, "admin")];
      const paymentMethod = await savedCard(app, patient);
      await anOpenInvoice(app, patient.id, 6_000);
      stand.declining.set(paymentMethod, "Your card has insufficient funds.");
      const run = await collectSavedCards(atNight(app, "2031-05-06T08:00:00.000Z"));
      expect(run.failed).toBeGreaterThanOrEqual(1);
      expect((await call(app, patient, "GET", "/api/payments/card")).json().failedCharge).toEqual({
        amountMinor: 6_000,
        currency: "USD",
        night: "2031-05-06",
        reason: "Your card has insufficient funds.",
      });
      const listed = (await call(app, admin, "GET", "/api/payments/failed-charges")).json();
      expect(listed).toContainEqual(expect.objectContaining({ patientId: patient.id, amountMinor: 6_000, reason: "Your card has insufficient funds." }));
      expect((await call(app, patient, "GET", "/api/payments/failed-charges")).statusCode).toBe(403);
      expect(await paymentsOf(app, patient.id)).toEqual([]);
    });

    it("refunds a card payment, whole or in part, through Stripe, by admins only and never beyond the payment", async () => {
      const { app } = testApp();
      const [patient, admin, doctor] = [await aPatient(app), await aStaffMember(app, "admin"), await aStaffMember(app, "doctor")];
      await anOpenInvoice(app, patient.id, 10_000);
      const { paymentId, intent } = await aCardPayment(app, patient.id, 10_000);
      const url = `/api/payments/${paymentId}/card-refund`;
      // Recorded by hand, a card payment's refund would say the card was repaid when it never was.
      const byHand = await call(app, admin, "POST", `/api/billing/payments/${paymentId}/refund`, { amountMinor: 1_000, reason: "Session cut short" });
      expect(byHand.statusCode).toBe(409);
      expect(byHand.json().message).toMatch(/refund it by card/);
      expect(await patientBalance(app.clinic.db, patient.id)).toBe(0);
      const mark = stand.requests.length;
      expect((await call(app, patient, "POST", url, { amountMinor: 1_000, reason: "Session cut short" })).statusCode).toBe(403);
      expect((await call(app, doctor, "POST", url, { amountMinor: 1_000, reason: "Session cut short" })).statusCode).toBe(403);
      expect((await call(app, admin, "POST", url, { amountMinor: -5, reason: "Session cut short" })).statusCode).toBe(400);
      expect((await call(app, admin, "POST", url, { amountMinor: 10_001, reason: "Session cut short" })).statusCode).toBe(409);
      expect(requestsSince(mark)).toEqual([]);

      const part = await call(app, admin, "POST", url, { amountMinor: 2_500, reason: "Session cut short" });
      expect(part.statusCode, part.body).toBe(200);
      expect(part.json()).toMatchObject({ status: "succeeded" });
      const [refund] = requestsSince(mark);
      expect(refund).toMatchObject({
        method: "POST",
        path: "/v1/refunds",
        params: { payment_intent: intent, amount: "2500" },
        idempotencyKey: `halcyon-refund-${intent}-0-2500`,
      });
      expect(await patientBalance(app.clinic.db, patient.id)).toBe(2_500);
      const rest = await call(app, admin, "POST", url, { amountMinor: 7_500, reason: "Closing the account" });
      expect(rest.statusCode, rest.body).toBe(200);
      expect(await patientBalance(app.clinic.db, patient.id)).toBe(10_000);
      expect((await call(app, admin, "POST", url, { amountMinor: 1, reason: "One more" })).statusCode).toBe(409);

      // A payment by hand is refunded by hand.
      const cash = await app.clinic.db.transaction().execute((trx) =>
        recordPayment(app.clinic, trx, {
          patientId: patient.id,
          method: "cash",
          reference: "receipt 12",
          amountMinor: 1_000,
          receivedAt: new Date().toISOString(),
          recordedBy: admin.id,
        }),
      );
      expect((await call(app, admin, "POST", `/api/payments/${cash}/card-refund`, { amountMinor: 100, reason: "Overpaid" })).statusCode).toBe(409);
    });

    it("sent every request to Stripe with the secret key, the API version, form-encoded, and an Idempotency-Key on each POST", () => {
      expect(stand.requests.length).toBeGreaterThan(5);
      expect(stand.problems).toEqual([]);
    });
  },
  standInEnv(stand),
);

// The patient is told of a declined nightly charge by email, through the outbox, sent to a real
// SMTP server: once per charge however often it is told of, and not when they switched it off.
describeEachDatabase("a declined nightly charge, by email", (database) => {
  let catcher: MailCatcher;
  let clinic: MailingApp;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    clinic = await mailingApp(database(), catcher.url, standInEnv(stand));
  });
  afterAll(async () => {
    await clinic.app.close();
    await catcher.close();
  });

  const failureNotices = (app: FastifyInstance, userId: number) =>
    app.clinic.db.selectFrom("notices").selectAll().where("kind", "=", "card_payment_failed").where("user_id", "=", userId).execute();

  /** A patient with a verified address, a saved card that Stripe declines, and `owed` on an open invoice. */
  async function decliningPatient(address: string, owed: number) {
    const { app } = clinic;
    const patient = await aPatient(app);
    await verifyEmail(app, patient.id, address);
    const paymentMethod = await savedCard(app, patient);
    await anOpenInvoice(app, patient.id, owed);
    stand.declining.set(paymentMethod, "Your card has insufficient funds.");
    return { patient, paymentMethod };
  }

  it("emails the patient that a payment did not go through, discreetly, with a link to Billing, once however often it is told", async () => {
    const { app } = clinic;
    const { patient, paymentMethod } = await decliningPatient("declined.patient@example.com", 6_000);
    // A night already past, so that the worker (on the real clock) sends the notice at once.
    const run = await collectSavedCards(atNight(app, "2026-01-06T08:00:00.000Z"));
    expect(run.failed).toBeGreaterThanOrEqual(1);
    // Written with the failure: the notice is there as soon as the run's transaction is.
    const [notice] = await failureNotices(app, patient.id);
    expect(notice).toMatchObject({ channel: "email", to_address: "declined.patient@example.com", subject: "A payment to Halcyon did not go through" });
    const collection = await app.clinic.db.selectFrom("card_collections").selectAll().where("patient_id", "=", patient.id).executeTakeFirstOrThrow();
    expect(collection).toMatchObject({ status: "failed", failure_reason: "Your card has insufficient funds." });

    const message = await catcher.waitFor((m) => m.messageId === `<notice-${notice!.id}@clinic.example.com>`);
    expect(message.subject).toBe("A payment to Halcyon did not go through");
    expect(message.text).toContain(`Open Billing: ${PUBLIC_ORIGIN}/billing`);
    // Neither the amount nor the card's reason (see payment-notices.ts): those wait behind the sign-in.
    for (const part of [message.subject ?? "", message.text ?? "", String(message.html)]) {
      expect(part).not.toMatch(/\$\s*\d|60\.00|insufficient/i);
    }
    await noticeWhen(app, notice!.id, (row) => row.status === "sent");

    // Stripe's own event for the same declined charge, twice: no second email.
    const charge = stand.charges.find((c) => c.paymentMethod === paymentMethod);
    const failed = event("payment_intent.payment_failed", {
      id: charge?.id ?? `pi_declined${patient.id}`,
      object: "payment_intent",
      amount: 6_000,
      amount_received: 0,
      currency: "usd",
      metadata: { halcyonPatientId: String(patient.id), halcyonCollectionId: String(collection.id) },
      last_payment_error: { message: "Your card has insufficient funds." },
    });
    for (const signed of [stand.signed(failed), stand.signed(failed)]) expect((await sendEvent(app, signed)).statusCode).toBe(200);
    expect(await failureNotices(app, patient.id)).toHaveLength(1);
  });

  it("sends nothing to a patient who switched payment notices off, and still shows them the failure", async () => {
    const { app } = clinic;
    const { patient } = await decliningPatient("quiet.patient@example.com", 4_000);
    const off = await call(app, patient, "PUT", "/api/account/notice-settings/switches", { topic: "payments", email: false });
    expect(off.statusCode, off.body).toBe(200);
    await collectSavedCards(atNight(app, "2026-01-07T08:00:00.000Z"));
    expect(await failureNotices(app, patient.id)).toEqual([]);
    expect((await call(app, patient, "GET", "/api/payments/card")).json().failedCharge).toMatchObject({ amountMinor: 4_000 });
  });
});

describe("without Stripe's settings", () => {
  describeApp("payments by hand only", (testApp) => {
    it("says so, and refuses card payments and webhooks", async () => {
      const { app } = testApp();
      expect((await app.inject({ method: "GET", url: "/api/clinic" })).json().cardPayments).toBe(false);
      const patient = await aPatient(app);
      expect((await call(app, patient, "GET", "/api/payments/card")).json()).toMatchObject({ offered: false, card: null });
      const invoiceId = await anOpenInvoice(app, patient.id, 1_000);
      const refused = await call(app, patient, "POST", `/api/payments/invoices/${invoiceId}/checkout`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/by hand only/);
      expect((await sendEvent(app, stand.signed(event("payment_intent.succeeded", { id: "pi_x", object: "payment_intent" })))).statusCode).toBe(404);
    });
  });
});
