// The clinic's first schema: every entity of the specification, and the audit log.
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import { instantType, isPostgres, serialType, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  const instant = instantType(db);
  const serial = serialType(db);

  await db.schema
    .createTable("users")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("username_key", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("phone_number", "text", (c) => c.notNull())
    .addColumn("date_of_birth", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('patient', 'doctor', 'admin')`))
    .addColumn("profile_image_url", "text")
    .addColumn("created_at", instant, (c) => c.notNull())
    .addColumn("deactivated_at", instant)
    .execute();
  // The doctors list and admin user lists filter by role.
  await db.schema.createIndex("users_role_idx").on("users").columns(["role", "last_name"]).execute();

  await db.schema
    .createTable("doctor_profiles")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("specialization", "text", (c) => c.notNull())
    .addColumn("bio", "text")
    .execute();

  await db.schema
    .createTable("login_sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", instant, (c) => c.notNull())
    .addColumn("last_seen_at", instant, (c) => c.notNull())
    .addColumn("expires_at", instant, (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .execute();
  // Ending every session of a user (deactivation, password reset) and purging expired ones.
  await db.schema.createIndex("login_sessions_user_idx").on("login_sessions").column("user_id").execute();
  await db.schema.createIndex("login_sessions_expires_idx").on("login_sessions").column("expires_at").execute();

  await db.schema
    .createTable("appointments")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("start_time", instant, (c) => c.notNull())
    .addColumn("end_time", instant, (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('scheduled', 'completed', 'cancelled', 'no_show')`))
    .addColumn("notes", "text")
    .addColumn("created_at", instant, (c) => c.notNull())
    .addColumn("updated_at", instant, (c) => c.notNull())
    .addColumn("cancelled_at", instant)
    .addColumn("cancelled_by", "integer", (c) => c.references("users.id"))
    .addColumn("late_cancellation", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // A patient's and a doctor's appointments by time; the clinic's day for the admin.
  await db.schema.createIndex("appointments_patient_start_idx").on("appointments").columns(["patient_id", "start_time"]).execute();
  await db.schema.createIndex("appointments_doctor_start_idx").on("appointments").columns(["doctor_id", "start_time"]).execute();
  await db.schema.createIndex("appointments_start_idx").on("appointments").column("start_time").execute();

  await db.schema
    .createTable("treatment_sessions")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("appointment_id", "integer", (c) => c.unique().references("appointments.id"))
    .addColumn("patient_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("doctor_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("progress_rating", "integer", (c) => c.notNull().check(sql`progress_rating between 0 and 10`))
    .addColumn("session_notes", "text", (c) => c.notNull())
    .addColumn("created_at", instant, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("treatment_sessions_patient_idx").on("treatment_sessions").columns(["patient_id", "created_at"]).execute();
  await db.schema.createIndex("treatment_sessions_doctor_idx").on("treatment_sessions").columns(["doctor_id", "created_at"]).execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("sender_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("receiver_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("client_id", "text")
    .addColumn("created_at", instant, (c) => c.notNull())
    .addColumn("read_at", instant)
    .addUniqueConstraint("messages_sender_client_id_unique", ["sender_id", "client_id"])
    .execute();
  // A conversation read in either direction, newest first, and a receiver's unread messages.
  await db.schema.createIndex("messages_pair_idx").on("messages").columns(["sender_id", "receiver_id", "id"]).execute();
  await db.schema.createIndex("messages_pair_reverse_idx").on("messages").columns(["receiver_id", "sender_id", "id"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("occurred_at", instant, (c) => c.notNull())
    .addColumn("actor_id", "integer")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("outcome", "text", (c) => c.notNull().check(sql`outcome in ('success', 'failure', 'denied')`))
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("details", "text")
    .execute();
  await db.schema.createIndex("audit_log_occurred_idx").on("audit_log").column("occurred_at").execute();
  await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor_id", "id"]).execute();
  await db.schema.createIndex("audit_log_action_idx").on("audit_log").columns(["action", "id"]).execute();

  // Append-only: the database itself refuses to change or remove an audit row.
  if (isPostgres(db)) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end; $$
    `.execute(db);
    await sql`
      create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()
    `.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end
    `.execute(db);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end
    `.execute(db);
  }
}

export async function down(db: MigrationDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger if exists audit_log_no_change on audit_log`.execute(db);
    await sql`drop function if exists audit_log_append_only()`.execute(db);
  }
  for (const table of ["audit_log", "messages", "treatment_sessions", "appointments", "login_sessions", "doctor_profiles", "users"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
