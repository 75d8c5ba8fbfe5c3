// The migrations of issue 13 on data that was there before them: care relationships left behind
// by cancelled bookings go, those with anything holding them stay; accounts still on a one-time
// password get its expiry; the audit chain is keyed once.
import { createHash } from "node:crypto";
import { Migrator } from "kysely";
import { expect, it } from "vitest";
import { CHAINED_FIELDS } from "../src/audit-chain";
import { insertAppointment, insertTreatmentSession, migrateToLatest, verifyAuditChain, type DatabaseHandle, type NewAppointment } from "../src/index";
import { migrationProvider } from "../src/migrations/index";
import { createTestDatabase, describeEachDatabase, TEST_AUDIT_KEY } from "../src/testing/index";

/** Takes the schema back down to `name` (every later migration undone, newest first). */
async function migrateDownTo(handle: DatabaseHandle, name: string): Promise<void> {
  const schema = handle.postgres?.schema;
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider(TEST_AUDIT_KEY), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}

describeEachDatabase("migrations of care and one-time passwords", (database) => {
  it("keeps the care that bookings, notes or the doctor's opening of the account hold, and removes what only cancelled bookings left", async () => {
    const { db } = database();
    await migrateDownTo(database(), "2026-11-24T0000-keyed-audit-chain");
    const insert = (values: ReturnType<typeof row>) =>
      db
        .insertInto("users")
        .values(values as never)
        .returning("id")
        .executeTakeFirstOrThrow();
    const doctor = await insert({ ...row("dr.before"), role: "doctor" });
    const patients = [];
    for (const name of ["cancelled", "scheduled", "noted", "opened", "unbooked"]) patients.push(await insert(row(name)));
    const [cancelled, scheduled, noted, opened, unbooked] = patients.map((patient) => patient.id) as [number, number, number, number, number];
    const appointment = (patientId: number, status: NewAppointment["status"], hour: number): NewAppointment => ({
      patientId,
      doctorId: doctor.id,
      title: "Individual therapy",
      description: null,
      startTime: `2026-11-2${hour}T15:00:00.000Z`,
      endTime: `2026-11-2${hour}T16:00:00.000Z`,
      status,
      createdAt: "2026-11-20T10:00:00.000Z",
    });
    await insertAppointment(db, appointment(cancelled, "cancelled", 1));
    await insertAppointment(db, appointment(scheduled, "cancelled", 2));
    await insertAppointment(db, appointment(scheduled, "scheduled", 3));
    const withNotes = await insertAppointment(db, appointment(noted, "cancelled", 4));
    await insertTreatmentSession(db, {
      appointmentId: withNotes,
      patientId: noted,
      doctorId: doctor.id,
      progressRating: 5,
      sessionNotes: "Notes",
      createdAt: "2026-11-24T16:00:00.000Z",
    });
    await insertAppointment(db, appointment(opened, "cancelled", 5));
    await db
      .insertInto("audit_log")
      .values({
        occurred_at: "2026-11-20T09:00:00.000Z",
        actor_id: doctor.id,
        action: "user.create",
        target_type: "user",
        target_id: String(opened),
        outcome: "success",
        ip: null,
        user_agent: null,
        details: null,
      })
      .execute();
    for (const patientId of [cancelled, scheduled, noted, opened, unbooked]) {
      await db
        .insertInto("care_relationships")
        .values({ doctor_id: doctor.id, patient_id: patientId, since: "2026-11-20T10:00:00.000Z" } as never)
        .execute();
    }

    await migrateToLatest(database());
    const remaining = await db
      .selectFrom("care_relationships")
      .select(["patient_id", "origin"])
      .where("doctor_id", "=", doctor.id)
      .orderBy("patient_id")
      .execute();
    expect(remaining).toEqual([
      { patient_id: scheduled, origin: "booking" },
      { patient_id: noted, origin: "booking" },
      { patient_id: opened, origin: "doctor" },
      { patient_id: unbooked, origin: "booking" },
    ]);
  });

  it("gives an account still on its one-time password the expiry it had: 72 hours after it was opened", async () => {
    const { db } = database();
    await migrateDownTo(database(), "2026-11-24T0100-care-origins-and-emergency-access");
    const waiting = await db
      .insertInto("users")
      .values({ ...row("waiting"), must_change_password: 1 } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const settled = await db
      .insertInto("users")
      .values(row("settled") as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    await migrateToLatest(database());
    const expiries = await db
      .selectFrom("users")
      .select(["id", "one_time_password_expires_at"])
      .where("id", "in", [waiting.id, settled.id])
      .orderBy("id")
      .execute();
    expect(expiries).toEqual([
      { id: waiting.id, one_time_password_expires_at: "2026-11-25T10:00:00.000Z" },
      { id: settled.id, one_time_password_expires_at: null },
    ]);
  });

  it("keys the chain once: every row written before is linked again under the key, and the keying is recorded", async () => {
    // A clinic of its own: the other tests here leave keyed rows behind.
    const handle = await createTestDatabase(database().kind);
    try {
      await keysTheChainOnce(handle);
    } finally {
      await handle.close();
    }
  });
});

async function keysTheChainOnce(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  await migrateDownTo(handle, "2026-11-23T0000-user-counts");
  // Rows chained as the administration migration chained them: SHA-256 of the previous hash
  // and the row's fields, with no key.
  let previous = "";
  const times = ["2026-11-22T09:00:00.000Z", "2026-11-22T09:05:00.000Z", "2026-11-22T09:10:00.000Z"];
  for (const [index, occurredAt] of times.entries()) {
    const fields = {
      occurred_at: occurredAt,
      actor_id: null,
      action: "auth.login",
      target_type: null,
      target_id: null,
      outcome: "success",
      ip: `10.0.0.${index}`,
      user_agent: null,
      details: null,
    };
    const hash = createHash("sha256")
      .update(`${previous}\n${JSON.stringify(CHAINED_FIELDS.map((field) => fields[field]))}`)
      .digest("hex");
    await db
      .insertInto("audit_log")
      .values({ ...fields, prev_hash: previous, hash } as never)
      .execute();
    previous = hash;
  }
  const before = await db.selectFrom("audit_log").select(["id", "hash"]).orderBy("id").execute();

  await migrateToLatest(handle);
  const after = await db.selectFrom("audit_log").select(["id", "hash"]).orderBy("id").execute();
  expect(after.map((row) => row.id)).toEqual(before.map((row) => row.id));
  for (const [index, row] of after.entries()) expect(row.hash).not.toBe(before[index]!.hash);
  const check = await verifyAuditChain(db, TEST_AUDIT_KEY);
  expect(check.firstBroken).toBeUndefined();
  expect(check.checked).toBe(before.length);
  const keying = await db.selectFrom("audit_chain_keying").selectAll().execute();
  expect(keying).toEqual([{ keyed_at: expect.any(String), rows_relinked: before.length, unkeyed_chain_broken_row: null }]);

  // Once: a second run of the migrations changes nothing.
  await migrateToLatest(handle);
  expect(await db.selectFrom("audit_chain_keying").selectAll().execute()).toEqual(keying);
  expect(await db.selectFrom("audit_log").select(["id", "hash"]).orderBy("id").execute()).toEqual(after);
}

/** A users row as the schema before the expiry migration had it. */
function row(username: string): Record<string, unknown> {
  return {
    username,
    username_key: username,
    password_hash: "$argon2id$placeholder",
    email: null,
    first_name: "Ada",
    last_name: "Lovelace",
    phone_number: "(555) 123-4567",
    date_of_birth: "1990-12-10",
    role: "patient",
    profile_image_url: null,
    created_at: "2026-11-22T10:00:00.000Z",
  };
}
