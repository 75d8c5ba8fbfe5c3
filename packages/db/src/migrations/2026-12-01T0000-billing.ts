// Issue 35, the clinic's money: its services and fees, the fee agreed at booking, patients'
// own rates, and THE ledger.
// - clinic_services: what the clinic sells, at fee_minor (integer minor units of the clinic's
//   one currency: never a float), with the CPT code its length and kind call for.
// - appointments.service_id / fee_minor: the service booked and its fee as agreed then (the
//   patient's rate if set); a later price change never rewrites them. Null on older rows.
// - patient_rates: an admin's sliding-scale rate for one patient and one service.
// - ledger_entries: one row per money event of a patient, signed (+ owes more, − owes less);
//   insert-only (the database refuses update and delete, as for audit_log): a mistake is
//   reversed by another entry, so a balance is always the sum of the patient's rows.
// - pending_fees: a no-show or late-cancellation fee waiting for a doctor's or admin's decision.
// - invoices / invoice_items: entries gathered under a number from billing_counters, which only
//   counts up, so a number never repeats.
// - payments: money received (by hand or by card); refunds are ledger entries naming the payment.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { dropCanonicalInstants, instantType, isPostgres, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  const serial = serialType(db);
  const instant = instantType(db);

  await strictTable(
    db,
    db.schema
      .createTable("clinic_services")
      .addColumn("id", serial, (c) => c.primaryKey())
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("minutes", "integer", (c) => c.notNull().check(sql`minutes > 0`))
      .addColumn("fee_minor", "integer", (c) => c.notNull().check(sql`fee_minor >= 0`))
      .addColumn("cpt_code", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('intake', 'individual', 'couples', 'family', 'group')`))
      .addColumn("video_allowed", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("usual_sessions_per_year", "integer", (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`usual_sessions_per_year >= 0`),
      )
      .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("created_at", instant, (c) => c.notNull())
      .addColumn("updated_at", instant, (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "clinic_services", ["created_at", "updated_at"]);

  await db.schema
    .alterTable("appointments")
    .addColumn("service_id", "integer", (c) => c.references("clinic_services.id"))
    .execute();
  await db.schema.alterTable("appointments").addColumn("fee_minor", "integer").execute();

  await strictTable(
    db,
    db.schema
      .createTable("patient_rates")
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("service_id", "integer", (c) => c.notNull().references("clinic_services.id"))
      .addColumn("fee_minor", "integer", (c) => c.notNull().check(sql`fee_minor >= 0`))
      .addColumn("set_by", "integer", (c) => c.references("users.id"))
      .addColumn("set_at", instant, (c) => c.notNull())
      .addPrimaryKeyConstraint("patient_rates_pk", ["patient_id", "service_id"]),
  ).execute();
  await requireCanonicalInstants(db, "patient_rates", ["set_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("payments")
      .addColumn("id", serial, (c) => c.primaryKey())
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("invoice_id", "integer")
      .addColumn("method", "text", (c) => c.notNull().check(sql`method in ('cash', 'cheque', 'card_elsewhere', 'card')`))
      .addColumn("reference", "text", (c) => c.notNull())
      .addColumn("amount_minor", "integer", (c) => c.notNull().check(sql`amount_minor > 0`))
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("received_at", instant, (c) => c.notNull())
      .addColumn("recorded_by", "integer", (c) => c.references("users.id"))
      // A card payment is recorded once per PaymentIntent, however often Stripe tells of it.
      .addColumn("stripe_payment_intent_id", "text", (c) => c.unique())
      .addColumn("created_at", instant, (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "payments", ["received_at", "created_at"]);
  await db.schema.createIndex("payments_patient_idx").on("payments").columns(["patient_id", "id"]).execute();
  await db.schema.createIndex("payments_invoice_idx").on("payments").column("invoice_id").execute();

  await strictTable(
    db,
    db.schema
      .createTable("ledger_entries")
      .addColumn("id", serial, (c) => c.primaryKey())
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('charge', 'fee', 'adjustment', 'payment', 'refund', 'reversal')`))
      .addColumn("amount_minor", "integer", (c) => c.notNull())
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("appointment_id", "integer", (c) => c.references("appointments.id"))
      .addColumn("payment_id", "integer", (c) => c.references("payments.id"))
      // An entry is reversed at most once.
      .addColumn("reverses_id", "integer", (c) => c.unique().references("ledger_entries.id"))
      .addColumn("reason", "text")
      .addColumn("created_by", "integer", (c) => c.references("users.id"))
      .addColumn("created_at", instant, (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "ledger_entries", ["created_at"]);
  await db.schema.createIndex("ledger_entries_patient_idx").on("ledger_entries").columns(["patient_id", "id"]).execute();
  await db.schema.createIndex("ledger_entries_payment_idx").on("ledger_entries").column("payment_id").execute();
  // A completed session is charged once, whoever completes it and however often.
  await db.schema
    .createIndex("ledger_entries_one_charge")
    .on("ledger_entries")
    .column("appointment_id")
    .unique()
    .where(sql.ref("kind"), "=", "charge")
    .execute();

  // Insert-only, as audit_log: the database itself refuses to change or remove an entry.
  if (isPostgres(db)) {
    await sql`
      create function ledger_entries_insert_only() returns trigger language plpgsql as $$
      begin raise exception 'ledger_entries is insert-only: reverse an entry instead'; end; $$
    `.execute(db);
    await sql`
      create trigger ledger_entries_no_change before update or delete on ledger_entries
      for each row execute function ledger_entries_insert_only()
    `.execute(db);
  } else {
    await sql`
      create trigger ledger_entries_no_update before update on ledger_entries
      begin select raise(abort, 'ledger_entries is insert-only: reverse an entry instead'); end
    `.execute(db);
    await sql`
      create trigger ledger_entries_no_delete before delete on ledger_entries
      begin select raise(abort, 'ledger_entries is insert-only: reverse an entry instead'); end
    `.execute(db);
  }

  await strictTable(
    db,
    db.schema
      .createTable("pending_fees")
      .addColumn("id", serial, (c) => c.primaryKey())
      .addColumn("appointment_id", "integer", (c) => c.notNull().references("appointments.id"))
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('no_show', 'late_cancellation')`))
      .addColumn("amount_minor", "integer", (c) => c.notNull().check(sql`amount_minor >= 0`))
      .addColumn("status", "text", (c) =>
        c
          .notNull()
          .defaultTo("pending")
          .check(sql`status in ('pending', 'approved', 'waived')`),
      )
      // The 'fee' ledger entry an approval wrote.
      .addColumn("entry_id", "integer", (c) => c.references("ledger_entries.id"))
      .addColumn("created_at", instant, (c) => c.notNull())
      .addColumn("decided_by", "integer", (c) => c.references("users.id"))
      .addColumn("decided_at", instant)
      .addColumn("reason", "text")
      .addUniqueConstraint("pending_fees_one_per_kind", ["appointment_id", "kind"]),
  ).execute();
  await requireCanonicalInstants(db, "pending_fees", ["created_at", "decided_at"]);
  await db.schema.createIndex("pending_fees_status_idx").on("pending_fees").columns(["status", "id"]).execute();
  await db.schema.createIndex("pending_fees_patient_idx").on("pending_fees").columns(["patient_id", "id"]).execute();

  await strictTable(
    db,
    db.schema
      .createTable("billing_counters")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("value", "integer", (c) => c.notNull()),
  ).execute();
  await db.insertInto("billing_counters").values({ name: "invoice", value: 0 }).execute();

  await strictTable(
    db,
    db.schema
      .createTable("invoices")
      .addColumn("id", serial, (c) => c.primaryKey())
      .addColumn("number", "text", (c) => c.notNull().unique())
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id"))
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("issued_at", instant, (c) => c.notNull())
      .addColumn("total_minor", "integer", (c) => c.notNull())
      .addColumn("issued_by", "integer", (c) => c.references("users.id")),
  ).execute();
  await requireCanonicalInstants(db, "invoices", ["issued_at"]);
  await db.schema.createIndex("invoices_patient_idx").on("invoices").columns(["patient_id", "id"]).execute();

  await strictTable(
    db,
    db.schema
      .createTable("invoice_items")
      .addColumn("invoice_id", "integer", (c) => c.notNull().references("invoices.id"))
      // An entry is invoiced once.
      .addColumn("entry_id", "integer", (c) => c.notNull().unique().references("ledger_entries.id")),
  ).execute();
  await db.schema.createIndex("invoice_items_invoice_idx").on("invoice_items").column("invoice_id").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["invoice_items", "invoices", "billing_counters", "pending_fees"]) await db.schema.dropTable(table).ifExists().execute();
  if (isPostgres(db)) {
    await sql`drop trigger if exists ledger_entries_no_change on ledger_entries`.execute(db);
    await sql`drop function if exists ledger_entries_insert_only()`.execute(db);
  }
  for (const table of ["ledger_entries", "payments", "patient_rates"]) {
    await dropCanonicalInstants(db, table);
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable("appointments").dropColumn("fee_minor").execute();
  await db.schema.alterTable("appointments").dropColumn("service_id").execute();
  await dropCanonicalInstants(db, "clinic_services");
  await db.schema.dropTable("clinic_services").ifExists().execute();
}
