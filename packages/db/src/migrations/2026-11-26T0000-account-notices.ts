// Password rules that can change, and what a member is told at their next visit.
// - users.password_rules_version: the rules (password-rules.ts) the password in use was last
//   judged by. Every account so far is at 0, so each is judged once, at its next sign-in.
// - users.two_step_enabled: 1 while the member has a confirmed second step. It rides along with
//   the user that every request reads with its session, so the clinic's "two steps for staff"
//   policy costs no query of its own; it changes in the transactions that add or remove a factor.
// - account_notices: one row per thing to tell a member once (their password falls short of the
//   rules; an admin reset their two-step sign-in), until they dismiss it or act on it.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { dropCanonicalInstants, instantType, requireCanonicalInstants, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("password_rules_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("two_step_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable("users")
    .set({ two_step_enabled: 1 })
    .where("id", "in", db.selectFrom("totp_factors").select("user_id").where("confirmed_at", "is not", null))
    .execute();

  await strictTable(
    db,
    db.schema
      .createTable("account_notices")
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('password_review', 'two_step_reset')`))
      .addColumn("created_at", instantType(db), (c) => c.notNull())
      .addPrimaryKeyConstraint("account_notices_pk", ["user_id", "kind"]),
  ).execute();
  await requireCanonicalInstants(db, "account_notices", ["created_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "account_notices");
  await db.schema.dropTable("account_notices").ifExists().execute();
  await db.schema.alterTable("users").dropColumn("two_step_enabled").execute();
  await db.schema.alterTable("users").dropColumn("password_rules_version").execute();
}
