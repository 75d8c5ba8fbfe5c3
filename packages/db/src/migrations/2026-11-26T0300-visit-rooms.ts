// What a visit's room needs beyond its window:
// - visits.started_at: when the doctor first admitted the patient (the call began), and
//   visits.ended_at: when the doctor ended the visit. The appointment keeps the visit's actual
//   times through them.
// - visit_presence: who is in a room now, and through which socket (a random id of the socket,
//   not a session). A patient present in a room not yet started is waiting to be admitted; the
//   doctor's dashboard reads it. A socket that closes removes only its own row, so a reload that
//   rejoins before the old socket's close lands stays in the room.
// Frozen: never edit a migration that has shipped; add a new one.
import { dropCanonicalInstants, instantType, requireCanonicalInstants, strictTable, type MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("visits").addColumn("started_at", instantType(db)).execute();
  await db.schema.alterTable("visits").addColumn("ended_at", instantType(db)).execute();
  await dropCanonicalInstants(db, "visits");
  await requireCanonicalInstants(db, "visits", ["opens_at", "closes_at", "created_at", "started_at", "ended_at"]);

  await strictTable(
    db,
    db.schema
      .createTable("visit_presence")
      .addColumn("visit_id", "integer", (c) => c.notNull().references("visits.id").onDelete("cascade"))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("socket_id", "text", (c) => c.notNull())
      .addColumn("joined_at", instantType(db), (c) => c.notNull())
      .addPrimaryKeyConstraint("visit_presence_pk", ["visit_id", "user_id"]),
  ).execute();
  await requireCanonicalInstants(db, "visit_presence", ["joined_at"]);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropCanonicalInstants(db, "visit_presence");
  await db.schema.dropTable("visit_presence").ifExists().execute();
  await dropCanonicalInstants(db, "visits");
  await db.schema.alterTable("visits").dropColumn("ended_at").execute();
  await db.schema.alterTable("visits").dropColumn("started_at").execute();
  await requireCanonicalInstants(db, "visits", ["opens_at", "closes_at", "created_at"]);
}
