// One stored form for every instant on SQLite: UTC as toISOString() writes it
// (YYYY-MM-DDTHH:mm:ss.sssZ). SQLite keeps instants as text and compares them as text, so the
// same moment written with an offset (the demo seed wrote "…T10:00:00.000-05:00") neither
// matched nor sorted with the rest: a seeded session did not hold its hour, and the hour could
// be booked twice. This rewrites existing rows into the one form and makes SQLite refuse any
// other from now on, whoever writes. PostgreSQL keeps timestamptz, which has no textual form to
// get wrong: nothing changes there.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { dropCanonicalInstants, isPostgres, requireCanonicalInstants, type MigrationDb } from "./dialect";

/** Every instant column when this migration shipped, by table. */
const INSTANTS: Record<string, string[]> = {
  users: ["created_at", "deactivated_at"],
  login_sessions: ["created_at", "last_seen_at", "expires_at"],
  appointments: ["start_time", "end_time", "created_at", "updated_at", "cancelled_at"],
  treatment_sessions: ["created_at"],
  messages: ["created_at", "read_at"],
  audit_log: ["occurred_at"],
  clinic_settings: ["updated_at"],
  care_relationships: ["since"],
  calendar_feeds: ["created_at"],
};

const CANONICAL = `'%Y-%m-%dT%H:%M:%fZ'`;
const canonical = (column: string) => `strftime(${CANONICAL}, ${column})`;
/** Rows whose `column` holds an instant SQLite can read, in another form than the one. */
const misstated = (column: string) => `${column} is not null and ${canonical(column)} is not null and ${canonical(column)} is not ${column}`;

export async function up(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) return;

  // A double booking the offset form let through would break the slot indexes once both starts
  // read alike: the later booking of each clash gives way (it took an hour already taken).
  await sql
    .raw(
      `update appointments set status = 'cancelled', cancelled_at = ${canonical("'now'")}, updated_at = ${canonical("'now'")}
       where status = 'scheduled' and exists (
         select 1 from appointments earlier
         where earlier.status = 'scheduled' and earlier.id < appointments.id
           and (earlier.doctor_id = appointments.doctor_id or earlier.patient_id = appointments.patient_id)
           and ${canonical("earlier.start_time")} = ${canonical("appointments.start_time")})`,
    )
    .execute(db);

  for (const [table, columns] of Object.entries(INSTANTS)) {
    for (const column of columns) {
      if (table === "audit_log") await normaliseAuditLog(db, column);
      else await sql.raw(`update ${table} set ${column} = ${canonical(column)} where ${misstated(column)}`).execute(db);
    }
    await requireCanonicalInstants(db, table, columns);
  }
}

/**
 * The audit log refuses updates; its append-only trigger steps aside for this one rewrite. The
 * chain still holds: its hash covers an instant in this same form (audit-chain.mjs).
 */
async function normaliseAuditLog(db: MigrationDb, column: string): Promise<void> {
  const { rows } = await sql.raw<{ n: number }>(`select count(*) as n from audit_log where ${misstated(column)}`).execute(db);
  if (Number(rows[0]?.n ?? 0) === 0) return;
  await sql`drop trigger audit_log_no_update`.execute(db);
  await sql.raw(`update audit_log set ${column} = ${canonical(column)} where ${misstated(column)}`).execute(db);
  await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of Object.keys(INSTANTS)) await dropCanonicalInstants(db, table);
}
