// The ledger's promises, tried against many sequences of money events on both databases: a
// balance is always the sum of the entries (and what an independent tally of the events says),
// refunds never exceed their payment, a refused event writes nothing, entries never change, and
// a fee agreed at booking survives a price change. Charges and approved fees are invoiced as they
// are posted, and every debt is on an invoice or left over for the admin's, never both.
import {
  findPendingFee,
  insertAppointment,
  invoiceOfEntry,
  invoicesOf,
  uninvoicedEntryIds,
  insertClinicService,
  insertUser,
  ledgerOf,
  listPendingFees,
  paymentsOf,
  updateClinicService,
  type Database,
  type Transaction,
} from "@halcyon/db";
import { describeEachDatabase, TEST_SECRETS_KEY, testUser } from "@halcyon/db/testing";
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { addAdjustment, approveFee, chargeCompletedSession, openSessionFee, waiveFee } from "../src/billing/charges";
import { agreedFee } from "../src/billing/agreed-fee";
import { patientBalance, recordPayment, recordRefund, reverseEntry } from "../src/billing/ledger";
import { AppError } from "../src/errors";
import { createClinicServices, DEFAULT_CLINIC_CONFIG } from "../src/index";

/** One money event, as the property generates it. */
type Step =
  | { kind: "charge"; fee: number }
  | { kind: "fee"; fee: number; noShow: boolean; decision: "approve" | "waive" | "approve_then_waive" }
  | { kind: "adjustment"; amount: number }
  | { kind: "payment"; amount: number }
  | { kind: "refund"; of: number; amount: number }
  | { kind: "reversal"; of: number };

const cents = fc.integer({ min: 1, max: 500_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("charge" as const), fee: cents }),
  fc.record({
    kind: fc.constant("fee" as const),
    fee: cents,
    noShow: fc.boolean(),
    decision: fc.constantFrom("approve" as const, "waive" as const, "approve_then_waive" as const),
  }),
  fc.record({ kind: fc.constant("adjustment" as const), amount: fc.integer({ min: -100_000, max: 100_000 }).filter((n) => n !== 0) }),
  fc.record({ kind: fc.constant("payment" as const), amount: cents }),
  fc.record({ kind: fc.constant("refund" as const), of: fc.nat(), amount: cents }),
  fc.record({ kind: fc.constant("reversal" as const), of: fc.nat() }),
);

describeEachDatabase("the ledger", (database) => {
  const services = () => createClinicServices({ secretsKey: TEST_SECRETS_KEY, database: database(), config: DEFAULT_CLINIC_CONFIG });
  let people = 0;
  const newPatient = async () => (await insertUser(database().db, testUser(`ledger-${++people}`))).id;
  let doctorId: number | undefined;
  const doctor = async () => (doctorId ??= (await insertUser(database().db, testUser("ledger-doctor", "doctor"))).id);
  let slot = 0;
  // The doctor exists before any transaction: on SQLite a write outside it would wait for it forever.
  beforeAll(async () => {
    await doctor();
  });
  const session = async (trx: Transaction<Database>, patientId: number, feeMinor: number, status: "completed" | "no_show" | "cancelled") => {
    const start = new Date(Date.UTC(2026, 0, 1) + ++slot * 3_600_000).toISOString();
    const end = new Date(Date.parse(start) + 3_600_000).toISOString();
    const id = await insertAppointment(trx, {
      patientId,
      doctorId: doctorId!,
      title: "Session",
      description: null,
      startTime: start,
      endTime: end,
      status,
      createdAt: start,
      feeMinor,
    });
    return { id, patientId, feeMinor };
  };
  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) => database().db.transaction().execute(work);

  it("keeps every balance the sum of its entries, whatever the sequence of charges, fees, waivers, payments, refunds and reversals", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const s = services();
        const patientId = await newPatient();
        // An independent tally: what the events should leave owed, and what each payment has left to refund.
        let expected = 0;
        const payments: { id: number; left: number }[] = [];
        const reversible: { id: number; amount: number }[] = [];
        for (const event of steps) {
          if (event.kind === "charge") {
            await inTransaction(async (trx) => chargeCompletedSession(s, trx, await session(trx, patientId, event.fee, "completed"), null));
            const entries = await ledgerOf(database().db, patientId);
            reversible.push({ id: entries.at(-1)!.id, amount: event.fee });
            expected += event.fee;
          } else if (event.kind === "fee") {
            const kind = event.noShow ? "no_show" : "late_cancellation";
            await inTransaction(async (trx) =>
              openSessionFee(s, trx, await session(trx, patientId, event.fee, event.noShow ? "no_show" : "cancelled"), kind, null),
            );
            const [fee] = await listPendingFees(database().db, { patientId, limit: 1 });
            const percent = event.noShow ? 100 : 50;
            const amount = Math.floor((event.fee * percent) / 100);
            if (amount === 0) continue;
            expect(fee!.amountMinor).toBe(amount);
            if (event.decision === "waive") {
              await inTransaction((trx) => waiveFee(s, trx, fee!, { by: 1, reason: "kindness" }));
            } else {
              await inTransaction((trx) => approveFee(s, trx, fee!, { by: 1, reason: null }));
              expected += amount;
              if (event.decision === "approve_then_waive") {
                const approved = (await findPendingFee(database().db, fee!.id))!;
                const paid = expected < amount;
                const waived = await inTransaction((trx) => waiveFee(s, trx, approved, { by: 1, reason: "on reflection" })).then(
                  () => true,
                  (error: unknown) => {
                    expect(error).toBeInstanceOf(AppError);
                    return false;
                  },
                );
                // Refused exactly when the balance no longer holds the fee: it has been paid.
                expect(waived).toBe(!paid);
                if (waived) expected -= amount;
              }
            }
          } else if (event.kind === "adjustment") {
            const id = await inTransaction((trx) => addAdjustment(s, trx, { patientId, amountMinor: event.amount, reason: "goodwill", by: 1 }));
            reversible.push({ id, amount: event.amount });
            expected += event.amount;
          } else if (event.kind === "payment") {
            const id = await inTransaction((trx) =>
              recordPayment(s, trx, { patientId, method: "cash", reference: "till", amountMinor: event.amount, receivedAt: "2026-02-01T10:00:00.000Z" }),
            );
            payments.push({ id, left: event.amount });
            expected -= event.amount;
          } else if (event.kind === "refund") {
            const payment = payments[event.of % Math.max(payments.length, 1)];
            if (!payment) continue;
            const refunded = await inTransaction((trx) =>
              recordRefund(s, trx, { paymentId: payment.id, amountMinor: event.amount, reason: "returned", by: 1 }),
            ).then(
              () => true,
              (error: unknown) => {
                expect(error).toBeInstanceOf(AppError);
                return false;
              },
            );
            expect(refunded).toBe(event.amount <= payment.left);
            if (refunded) {
              payment.left -= event.amount;
              expected += event.amount;
            }
          } else {
            const target = reversible.splice(event.of % Math.max(reversible.length, 1), 1)[0];
            if (!target) continue;
            await inTransaction((trx) => reverseEntry(s, trx, { entryId: target.id, reason: "entered in error", by: 1 }));
            expected -= target.amount;
          }
        }
        const entries = await ledgerOf(database().db, patientId);
        const balance = await patientBalance(database().db, patientId);
        expect(balance).toBe(entries.reduce((sum, entry) => sum + entry.amountMinor, 0));
        expect(balance).toBe(expected);
        for (const payment of await paymentsOf(database().db, patientId)) expect(payment.refundedMinor).toBeLessThanOrEqual(payment.amountMinor);
        // Invoiced as posted: each charge and fee alone on its own invoice, each reversal of an
        // invoiced entry on that entry's invoice; the invoices and what is left over add up to the debts.
        for (const entry of entries) {
          const invoiceId = await invoiceOfEntry(database().db, entry.id);
          if (entry.kind === "charge" || entry.kind === "fee") expect(invoiceId, `${entry.kind} ${entry.id}`).toBeDefined();
          if (entry.kind === "reversal" && entry.reversesId !== null) expect(invoiceId).toBe(await invoiceOfEntry(database().db, entry.reversesId));
        }
        const invoiced = (await invoicesOf(database().db, patientId)).reduce((sum, invoice) => sum + invoice.totalMinor, 0);
        const leftOver = (await uninvoicedEntryIds(database().db, patientId)).reduce((sum, entry) => sum + entry.amountMinor, 0);
        const debts = entries.filter((entry) => entry.kind !== "payment" && entry.kind !== "refund").reduce((sum, entry) => sum + entry.amountMinor, 0);
        expect(invoiced + leftOver).toBe(debts);
      }),
      { numRuns: 30 },
    );
  }, 240_000);

  it("refuses to change or remove an entry: mistakes are reversed, never edited", async () => {
    const patientId = await newPatient();
    await inTransaction((trx) => addAdjustment(services(), trx, { patientId, amountMinor: 1_000, reason: "test", by: 1 }));
    const [entry] = await ledgerOf(database().db, patientId);
    await expect(database().db.updateTable("ledger_entries").set({ amount_minor: 1 }).where("id", "=", entry!.id).execute()).rejects.toThrow(/insert-only/);
    await expect(database().db.deleteFrom("ledger_entries").where("id", "=", entry!.id).execute()).rejects.toThrow(/insert-only/);
    expect(await patientBalance(database().db, patientId)).toBe(1_000);
  });

  it("records a card payment once, however often its PaymentIntent is told of", async () => {
    const patientId = await newPatient();
    const pay = () =>
      inTransaction((trx) =>
        recordPayment(services(), trx, {
          patientId,
          method: "card",
          reference: "card ending 4242",
          amountMinor: 12_000,
          receivedAt: "2026-02-01T10:00:00.000Z",
          stripePaymentIntentId: "pi_once",
        }),
      );
    const [first, second] = [await pay(), await pay()];
    expect(second).toBe(first);
    expect(await ledgerOf(database().db, patientId)).toHaveLength(1);
    expect(await patientBalance(database().db, patientId)).toBe(-12_000);
  });

  it("keeps the fee agreed at booking when the price changes, and a patient's own rate over the service's", async () => {
    const db = database().db;
    const at = "2026-01-01T00:00:00.000Z";
    const fields = {
      name: "Therapy",
      minutes: 53,
      feeMinor: 15_000,
      cptCode: "90837",
      kind: "individual" as const,
      videoAllowed: true,
      usualSessionsPerYear: 40,
      active: true,
    };
    const serviceId = await insertClinicService(db, fields, at);
    const patientId = await newPatient();
    const before = await agreedFee(db, patientId, serviceId);
    expect(before).toEqual({ serviceId, serviceName: "Therapy", feeMinor: 15_000 });
    const booked = await inTransaction((trx) => session(trx, patientId, before.feeMinor!, "completed"));
    await updateClinicService(db, serviceId, { ...fields, feeMinor: 19_900 }, at);
    await inTransaction((trx) => chargeCompletedSession(services(), trx, booked, null));
    expect((await ledgerOf(db, patientId)).map((entry) => entry.amountMinor)).toEqual([15_000]);
    expect((await agreedFee(db, patientId, serviceId)).feeMinor).toBe(19_900);
    await db.insertInto("patient_rates").values({ patient_id: patientId, service_id: serviceId, fee_minor: 8_000, set_by: null, set_at: at }).execute();
    expect((await agreedFee(db, patientId, serviceId)).feeMinor).toBe(8_000);
  });
});
