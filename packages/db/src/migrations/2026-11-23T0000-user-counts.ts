// The admin's user figures, kept up to date as users change instead of counted at every look: a
// row per role with its active and deactivated accounts. Triggers on users maintain it inside
// the transaction of each change, so it stays exact whoever writes (the server, the CLI, a bulk
// load) on both databases. Reading it costs three rows however large the clinic grows; the
// grouped count it replaces walked every entry of an index (20,101 users: 3.5 ms a look).
// Each trigger changes the counts in one statement, so two concurrent role changes in opposite
// directions lock the rows in one order and cannot deadlock on PostgreSQL.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { isPostgres, type MigrationDb } from "./dialect";

type RowChange = readonly ["new" | "old", "+" | "-"];

/**
 * One UPDATE that adds (+) or removes (-) the trigger's new or old user row from its role's
 * counts. `asInt` turns a condition into 0 or 1 in the dialect at hand.
 */
function adjustCounts(changes: RowChange[], asInt: (condition: string) => string): string {
  const terms = (deactivated: boolean) =>
    changes
      .map(([row, sign]) => `${sign} case when role = ${row}.role then ${asInt(`${row}.deactivated_at is ${deactivated ? "not " : ""}null`)} else 0 end`)
      .join(" ");
  const roles = changes.map(([row]) => `${row}.role`).join(", ");
  return `update user_counts set active = active ${terms(false)}, deactivated = deactivated ${terms(true)} where role in (${roles})`;
}

const INSERTED: RowChange[] = [["new", "+"]];
const UPDATED: RowChange[] = [
  ["new", "+"],
  ["old", "-"],
];
const DELETED: RowChange[] = [["old", "-"]];

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("user_counts")
    .addColumn("role", "text", (c) => c.primaryKey())
    .addColumn("active", "integer", (c) => c.notNull())
    .addColumn("deactivated", "integer", (c) => c.notNull())
    .execute();
  await db
    .insertInto("user_counts")
    .values(["patient", "doctor", "admin"].map((role) => ({ role, active: 0, deactivated: 0 })))
    .execute();
  await sql`
    update user_counts set
      active = (select count(*) from users u where u.role = user_counts.role and u.deactivated_at is null),
      deactivated = (select count(*) from users u where u.role = user_counts.role and u.deactivated_at is not null)
  `.execute(db);

  if (isPostgres(db)) {
    const asInt = (condition: string) => `(${condition})::int`;
    await sql
      .raw(
        `create function user_counts_track() returns trigger language plpgsql as $$
         begin
           if tg_op = 'INSERT' then ${adjustCounts(INSERTED, asInt)};
           elsif tg_op = 'UPDATE' then ${adjustCounts(UPDATED, asInt)};
           else ${adjustCounts(DELETED, asInt)};
           end if;
           return null;
         end; $$`,
      )
      .execute(db);
    await sql`
      create trigger user_counts_track after insert or delete or update of role, deactivated_at on users
      for each row execute function user_counts_track()
    `.execute(db);
  } else {
    // SQLite answers a condition as 0 or 1 already.
    const asInt = (condition: string) => `(${condition})`;
    await sql.raw(`create trigger user_counts_insert after insert on users begin ${adjustCounts(INSERTED, asInt)}; end`).execute(db);
    await sql.raw(`create trigger user_counts_update after update of role, deactivated_at on users begin ${adjustCounts(UPDATED, asInt)}; end`).execute(db);
    await sql.raw(`create trigger user_counts_delete after delete on users begin ${adjustCounts(DELETED, asInt)}; end`).execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists user_counts_track on users`.execute(db);
    await sql`drop function if exists user_counts_track()`.execute(db);
  } else {
    for (const trigger of ["user_counts_insert", "user_counts_update", "user_counts_delete"]) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await db.schema.dropTable("user_counts").ifExists().execute();
}
