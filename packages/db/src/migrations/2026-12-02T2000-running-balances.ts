// Issue 35's receivables (who owes what, aged) must not read the clinic's whole money history on
// every look: that history only grows, the owing patients and their unpaid debits stay few.
// - patient_balances: each patient's balance (the sum of their entries) and what they have ever
//   been debited (the sum of their positive entries), kept by the ledger's one insert function
//   (insertLedgerEntry) in the transaction of the entry, by an atomic upsert. It is a running
//   total of the ledger, not a second book: no money event is written anywhere else, and a
//   balance still equals the sum of the patient's rows (tests check the two agree).
//   patient_balances_owing_idx holds just the patients who owe, with what the ageing needs.
// - ledger_entries.debits_to_date: the patient's debits up to and including this entry, as of
//   its insert (a fact of the row, like a statement's running balance; rows never change).
//   Payments settle the oldest debts first, so the debits still (partly) owed are exactly those
//   whose debits_to_date is above what the patient's credits have covered (debited − balance):
//   one range of ledger_entries_unpaid_idx per owing patient.
// Existing rows are filled in here: the insert-only trigger is lifted for that one update and
// put back as it was.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { isPostgres, strictTable, type MigrationDb } from "./dialect";

async function withoutInsertOnly(db: MigrationDb, work: () => Promise<void>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table ledger_entries disable trigger ledger_entries_no_change`.execute(db);
    await work();
    await sql`alter table ledger_entries enable trigger ledger_entries_no_change`.execute(db);
    return;
  }
  await sql`drop trigger ledger_entries_no_update`.execute(db);
  await work();
  // As 2026-12-01T0000-billing created it.
  await sql`
    create trigger ledger_entries_no_update before update on ledger_entries
    begin select raise(abort, 'ledger_entries is insert-only: reverse an entry instead'); end
  `.execute(db);
}

export async function up(db: MigrationDb): Promise<void> {
  await strictTable(
    db,
    db.schema
      .createTable("patient_balances")
      .addColumn("patient_id", "integer", (c) => c.primaryKey().references("users.id"))
      .addColumn("balance_minor", "integer", (c) => c.notNull())
      .addColumn("debited_minor", "integer", (c) => c.notNull().check(sql`debited_minor >= 0`)),
  ).execute();
  await sql`
    insert into patient_balances (patient_id, balance_minor, debited_minor)
    select patient_id, sum(amount_minor), sum(case when amount_minor > 0 then amount_minor else 0 end)
    from ledger_entries group by patient_id
  `.execute(db);
  await sql`create index patient_balances_owing_idx on patient_balances (patient_id, balance_minor, debited_minor) where balance_minor > 0`.execute(db);

  await db.schema
    .alterTable("ledger_entries")
    .addColumn("debits_to_date", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await withoutInsertOnly(db, async () => {
    await sql`
      update ledger_entries set debits_to_date = running.debits_to_date
      from (
        select id, sum(case when amount_minor > 0 then amount_minor else 0 end) over (partition by patient_id order by id) as debits_to_date
        from ledger_entries
      ) as running
      where running.id = ledger_entries.id
    `.execute(db);
  });
  await sql`
    create index ledger_entries_unpaid_idx on ledger_entries (patient_id, debits_to_date, amount_minor, created_at) where amount_minor > 0
  `.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index ledger_entries_unpaid_idx`.execute(db);
  await db.schema.alterTable("ledger_entries").dropColumn("debits_to_date").execute();
  await db.schema.dropTable("patient_balances").execute();
}
