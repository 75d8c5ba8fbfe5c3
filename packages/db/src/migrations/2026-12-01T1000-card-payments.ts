// Issue 35, payments by card (Stripe). Core's tables (payments, ledger_entries) hold the money;
// these hold what Stripe's side needs:
// - stripe_events: every verified webhook event processed, by Stripe's event id, written in the
//   transaction of its effects: an event sent again (Stripe retries, or replays) finds its row
//   and changes nothing.
// - saved_cards: a patient's Stripe customer, the card saved through Checkout in setup mode (only
//   Stripe's ids and what the card shows: brand, last four digits), and the consent to charge it,
//   with the text agreed to kept as it was read.
// - card_collections: the nightly charges of saved cards, one per patient and clinic night at
//   most (the unique key is what makes a second run in one night charge nothing), with Stripe's
//   PaymentIntent and, when it fails, Stripe's reason.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { dropCanonicalInstants, instantType, requireCanonicalInstants, serialType, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  const instant = instantType(db);

  await strictTable(
    db,
    db.schema
      .createTable("stripe_events")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("type", "text", (c) => c.notNull())
      .addColumn("processed_at", instant, (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "stripe_events", ["processed_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("saved_cards")
      .addColumn("patient_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
      .addColumn("stripe_customer_id", "text", (c) => c.notNull().unique())
      .addColumn("payment_method_id", "text")
      .addColumn("brand", "text")
      .addColumn("last4", "text")
      .addColumn("saved_at", instant)
      .addColumn("consent_text", "text")
      .addColumn("consented_at", instant)
      .addColumn("consent_ip", "text")
      .addColumn("created_at", instant, (c) => c.notNull()),
  ).execute();
  await requireCanonicalInstants(db, "saved_cards", ["saved_at", "consented_at", "created_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("card_collections")
      .addColumn("id", serialType(db), (c) => c.primaryKey())
      .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      // The clinic's date (in its zone) of the night the charge belongs to, YYYY-MM-DD.
      .addColumn("night", "text", (c) => c.notNull())
      .addColumn("amount_minor", "integer", (c) => c.notNull().check(sql`amount_minor > 0`))
      .addColumn("currency", "text", (c) => c.notNull())
      .addColumn("payment_intent_id", "text", (c) => c.unique())
      .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('charging', 'charged', 'paid', 'failed')`))
      .addColumn("failure_reason", "text")
      .addColumn("created_at", instant, (c) => c.notNull())
      .addColumn("updated_at", instant, (c) => c.notNull())
      .addUniqueConstraint("card_collections_once_a_night", ["patient_id", "night"]),
  ).execute();
  await requireCanonicalInstants(db, "card_collections", ["created_at", "updated_at"]);
  // The admins' list of failed charges, newest first.
  await db.schema.createIndex("card_collections_status").on("card_collections").columns(["status", "id"]).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ["card_collections", "saved_cards", "stripe_events"]) {
    await dropCanonicalInstants(db, table);
    await db.schema.dropTable(table).execute();
  }
}
