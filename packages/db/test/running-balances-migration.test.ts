// Migration 2026-12-02T2000-running-balances on a ledger that was there before it: every
// patient's running totals and every entry's debits to date are filled in from the entries as
// they stand, and the ledger is insert-only again afterwards.
import { Migrator, sql } from "kysely";
import { expect, it } from "vitest";
import { insertLedgerEntry, insertUser, migrateToLatest, type DatabaseHandle } from "../src/index";
import { migrationProvider } from "../src/migrations/index";
import { describeEachDatabase, TEST_AUDIT_KEY, testUser } from "../src/testing/index";

async function migrateDownTo(handle: DatabaseHandle, name: string): Promise<void> {
  const schema = handle.postgres?.schema;
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider(TEST_AUDIT_KEY), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

describeEachDatabase("the running balances migration", (database) => {
  it("fills in each patient's totals and each entry's debits to date, and leaves the ledger insert-only", async () => {
    const { db } = database();
    await migrateDownTo(database(), "2026-12-01T3000-old-form-sweep-indexes");
    const [ada, bo] = [await insertUser(db, testUser("ada")), await insertUser(db, testUser("bo"))];
    // Interleaved, as the server writes them: charges, a payment, a refund, a reversed charge.
    const entries: [number, string, number][] = [
      [ada.id, "charge", 15_000],
      [bo.id, "charge", 9_000],
      [ada.id, "payment", -15_000],
      [ada.id, "charge", 15_000],
      [bo.id, "adjustment", -1_000],
      [ada.id, "refund", 2_000],
      [ada.id, "reversal", -15_000],
    ];
    for (const [n, [patientId, kind, amount]] of entries.entries()) {
      await sql`insert into ledger_entries (patient_id, kind, amount_minor, currency, created_at)
        values (${patientId}, ${kind}, ${amount}, 'USD', ${`2026-11-0${n + 1}T10:00:00.000Z`})`.execute(db);
    }
    await migrateToLatest(database());

    const balances = await db.selectFrom("patient_balances").selectAll().orderBy("patient_id").execute();
    expect(balances.map((row) => [row.patient_id, Number(row.balance_minor), Number(row.debited_minor)])).toEqual([
      [ada.id, 2_000, 32_000],
      [bo.id, 8_000, 9_000],
    ]);
    const rows = await db.selectFrom("ledger_entries").select(["patient_id", "debits_to_date"]).orderBy("id").execute();
    expect(rows.map((row) => Number(row.debits_to_date))).toEqual([15_000, 9_000, 15_000, 30_000, 9_000, 32_000, 32_000]);
    await expect(db.updateTable("ledger_entries").set({ reason: "Changed" }).execute()).rejects.toThrow(/insert-only/);

    // And from here the one insert function keeps them.
    await db.transaction().execute((trx) =>
      insertLedgerEntry(trx, {
        patientId: bo.id,
        kind: "charge",
        amountMinor: 9_000,
        currency: "USD",
        appointmentId: null,
        paymentId: null,
        reversesId: null,
        reason: null,
        createdBy: null,
        createdAt: "2026-11-20T10:00:00.000Z",
      }),
    );
    const bo2 = await db.selectFrom("patient_balances").selectAll().where("patient_id", "=", bo.id).executeTakeFirstOrThrow();
    expect([Number(bo2.balance_minor), Number(bo2.debited_minor)]).toEqual([17_000, 18_000]);
    const last = await db.selectFrom("ledger_entries").select("debits_to_date").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(Number(last.debits_to_date)).toBe(18_000);
  });
});
