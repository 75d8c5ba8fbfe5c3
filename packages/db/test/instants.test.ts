// Every stored instant in one form: UTC as toISOString() writes it. SQLite compares instants as
// text, so it refuses any other form; PostgreSQL keeps timestamptz and reads it back in that form.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator, sql } from "kysely";
import { expect, it } from "vitest";
import { appendAuditEvents, connect, insertUser, migrateToLatest, setUserDeactivated, verifyAuditChain } from "../src/index";
import { migrationProvider } from "../src/migrations/index";
import { describeEachDatabase, TEST_AUDIT_KEY, testUser } from "../src/testing/index";

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachDatabase("stored instants", (database, kind) => {
  it("takes an instant only in the one form (SQLite), or reads any back in it (PostgreSQL)", async () => {
    const { db } = database();
    const offset = { ...testUser("offset-writer"), createdAt: "2026-11-22T05:00:00.000-05:00" };
    if (kind === "sqlite") {
      await expect(insertUser(db, offset)).rejects.toThrow(/users: store instants in UTC as YYYY-MM-DDTHH:mm:ss.sssZ/);
      await expect(insertUser(db, { ...offset, createdAt: "2026-11-22T10:00:00Z" })).rejects.toThrow(/store instants in UTC/);
      const user = await insertUser(db, testUser("canonical-writer"));
      await expect(setUserDeactivated(db, user.id, "2026-11-22T05:00:00-05:00")).rejects.toThrow(/store instants in UTC/);
      // Columns an update leaves alone are not in question.
      await db.updateTable("users").set({ first_name: "Grace" }).where("id", "=", user.id).execute();
    } else {
      const user = await insertUser(db, offset);
      expect(user.createdAt).toBe("2026-11-22T10:00:00.000Z");
      const stored = await db.selectFrom("users").select("created_at").where("id", "=", user.id).executeTakeFirstOrThrow();
      expect(stored.created_at).toBe("2026-11-22T10:00:00.000Z");
    }
  });

  it.runIf(kind === "postgres")("keeps every instant column as timestamptz on PostgreSQL", async () => {
    const { db } = database();
    const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = current_schema() and data_type like 'timestamp%'`.execute(db);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((row) => row.data_type !== "timestamp with time zone")).toEqual([]);
  });
});

it("rewrites instants stored in another form on SQLite, keeps the audit chain, and undoes a double booking they let through", async () => {
  const dir = mkdtempSync(join(tmpdir(), "halcyon-instants-"));
  const handle = connect({ kind: "sqlite", file: join(dir, "clinic.db"), auditKey: TEST_AUDIT_KEY });
  try {
    const { db } = handle;
    const { error } = await new Migrator({ db, provider: migrationProvider(TEST_AUDIT_KEY) }).migrateTo("2026-11-24T1000-throttle-hits");
    expect(error).toBeUndefined();
    // What the demo seed wrote before: offsets for a session's start; and a booking made later,
    // in UTC, for the same doctor and the same moment.
    // The users table as it stood then (today's repository writes columns it did not have yet).
    const insertEarlyUser = (username: string, role: "patient" | "doctor", createdAt = "2026-11-22T10:00:00.000Z") => {
      const { firstName, lastName, phoneNumber, dateOfBirth, passwordHash } = testUser(username);
      return db
        .insertInto("users")
        .values({
          username,
          username_key: username,
          password_hash: passwordHash,
          email: null,
          first_name: firstName,
          last_name: lastName,
          phone_number: phoneNumber,
          date_of_birth: dateOfBirth,
          role,
          created_at: createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    };
    const patient = await insertEarlyUser("seeded-patient", "patient", "2026-11-22T05:00:00.000-05:00");
    const other = await insertEarlyUser("later-patient", "patient");
    const doctor = await insertEarlyUser("seeded-doctor", "doctor");
    const appointment = (patientId: number, start: string, end: string) => ({
      patient_id: patientId,
      doctor_id: doctor.id,
      title: "Individual therapy",
      start_time: start,
      end_time: end,
      status: "scheduled" as const,
      created_at: "2026-11-22T10:00:00.000Z",
      updated_at: "2026-11-22T10:00:00.000Z",
    });
    await db
      .insertInto("appointments")
      .values(appointment(patient.id, "2026-11-24T10:00:00.000-05:00", "2026-11-24T11:00:00.000-05:00"))
      .execute();
    await db
      .insertInto("appointments")
      .values(appointment(other.id, "2026-11-24T15:00:00.000Z", "2026-11-24T16:00:00.000Z"))
      .execute();
    await db.transaction().execute((trx) =>
      appendAuditEvents(trx, TEST_AUDIT_KEY, [
        { occurredAt: "2026-11-22T05:00:00.000-05:00", actorId: patient.id, action: "auth.login", outcome: "success" },
        { occurredAt: "2026-11-22T10:00:01.000Z", actorId: other.id, action: "auth.login", outcome: "success" },
      ]),
    );

    await migrateToLatest(handle);

    const appointments = await db.selectFrom("appointments").select(["patient_id", "start_time", "end_time", "status", "cancelled_at"]).orderBy("id").execute();
    expect(appointments.map(({ patient_id, start_time, end_time, status }) => ({ patient_id, start_time, end_time, status }))).toEqual([
      { patient_id: patient.id, start_time: "2026-11-24T15:00:00.000Z", end_time: "2026-11-24T16:00:00.000Z", status: "scheduled" },
      { patient_id: other.id, start_time: "2026-11-24T15:00:00.000Z", end_time: "2026-11-24T16:00:00.000Z", status: "cancelled" },
    ]);
    expect(appointments[1]?.cancelled_at).toMatch(ISO_UTC);
    const users = await db.selectFrom("users").select("created_at").execute();
    for (const user of users) expect(user.created_at).toMatch(ISO_UTC);
    const audit = await db.selectFrom("audit_log").select("occurred_at").orderBy("id").execute();
    expect(audit.map((row) => row.occurred_at)).toEqual(["2026-11-22T10:00:00.000Z", "2026-11-22T10:00:01.000Z"]);
    expect((await verifyAuditChain(db, TEST_AUDIT_KEY)).firstBroken).toBeUndefined();
    await expect(sql`update audit_log set action = 'forged'`.execute(db)).rejects.toThrow(/append-only/);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
