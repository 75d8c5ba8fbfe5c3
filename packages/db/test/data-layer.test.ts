import { Kysely, sql, type Generated } from "kysely";
import { describe, expect, it, vi } from "vitest";
import {
  appendAuditEvents,
  auditCheckpoint,
  auditLink,
  type AuditEvent,
  clinicFigures,
  verifyAuditChain,
  connect,
  findLoginSessionWithUser,
  findUserCredentials,
  insertLoginSession,
  insertUser,
  migrateToLatest,
  purgeEndedLoginSessions,
} from "../src/index";
import { SqliteConnection } from "../src/sqlite/connection";
import { ClinicSqliteDialect } from "../src/sqlite/dialect";
import { describeEachDatabase, TEST_AUDIT_KEY, testUser } from "../src/testing/index";
import type { Database, DatabaseHandle } from "../src/index";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Appends events in a transaction of their own, as an event that records no change is. */
function append(db: Kysely<Database>, events: AuditEvent[]): Promise<void> {
  return db.transaction().execute((trx) => appendAuditEvents(trx, TEST_AUDIT_KEY, events));
}

describeEachDatabase("data layer", (database, kind) => {
  it("refuses a second username that differs only in case", async () => {
    const { db } = database();
    await insertUser(db, testUser("Alice"));
    await expect(insertUser(db, testUser("aLICE"))).rejects.toThrow();
    const found = await findUserCredentials(db, "ALICE");
    expect(found?.user.username).toBe("Alice");
  });

  it("reads instants back as the same ISO-8601 UTC strings", async () => {
    const { db } = database();
    const user = await insertUser(db, testUser("instant"));
    expect(user.createdAt).toBe("2026-11-22T10:00:00.000Z");
  });

  it("finds a session with its user in one query and purges ended ones", async () => {
    const { db } = database();
    const user = await insertUser(db, testUser("sessioned"));
    await insertLoginSession(db, {
      idHash: "live",
      userId: user.id,
      createdAt: "2026-11-22T10:00:00.000Z",
      lastSeenAt: "2026-11-22T10:00:00.000Z",
      expiresAt: "2026-11-22T22:00:00.000Z",
      ip: null,
      userAgent: null,
    });
    await insertLoginSession(db, {
      idHash: "expired",
      userId: user.id,
      createdAt: "2026-11-21T10:00:00.000Z",
      lastSeenAt: "2026-11-21T10:00:00.000Z",
      expiresAt: "2026-11-21T22:00:00.000Z",
      ip: null,
      userAgent: null,
    });
    const found = await findLoginSessionWithUser(db, "live");
    expect(found?.user.id).toBe(user.id);
    expect(found?.session.expiresAt).toBe("2026-11-22T22:00:00.000Z");
    expect(await purgeEndedLoginSessions(db, "2026-11-22T11:00:00.000Z", "2026-11-22T09:30:00.000Z")).toBe(1);
    expect(await findLoginSessionWithUser(db, "expired")).toBeUndefined();
  });

  it("keeps the audit log append-only", async () => {
    const { db } = database();
    await append(db, [{ occurredAt: "2026-11-22T10:00:00.000Z", actorId: null, action: "auth.login", outcome: "failure" }]);
    await expect(sql`update audit_log set action = 'forged'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
  });

  it("chains audit rows so that an edit anywhere is found", async () => {
    const { db, kind } = database();
    for (let i = 0; i < 5; i += 1) {
      const events: AuditEvent[] = [
        { occurredAt: `2026-11-22T10:0${i}:00.000Z`, actorId: i, action: "appointment.read", outcome: "success", targetType: "appointment", targetId: i },
        { occurredAt: `2026-11-22T10:0${i}:30.000Z`, actorId: i, action: "auth.login", outcome: "success", ip: "10.0.0.1", details: { via: "test" } },
      ];
      await append(db, events);
    }
    // Many at once, each row still in order after the one before.
    const many: AuditEvent[] = Array.from({ length: 150 }, (_, n) => ({
      occurredAt: "2026-11-22T11:00:00.000Z",
      actorId: n,
      action: "message.read",
      outcome: "success",
    }));
    await append(db, many);
    const appended = await db.selectFrom("audit_log").select("actor_id").where("action", "=", "message.read").orderBy("id").execute();
    expect(appended.map((row) => row.actor_id)).toEqual(many.map((event) => event.actorId));
    const intact = await verifyAuditChain(db, TEST_AUDIT_KEY);
    expect(intact.firstBroken).toBeUndefined();
    expect(intact.checked).toBeGreaterThanOrEqual(160);
    // Someone with direct database access edits a row, getting past the append-only trigger.
    const victim = await db.selectFrom("audit_log").select("id").where("actor_id", "=", 3).where("action", "=", "auth.login").executeTakeFirstOrThrow();
    if (kind === "sqlite") {
      await sql`drop trigger audit_log_no_update`.execute(db);
      await sql`drop trigger audit_log_no_delete`.execute(db);
    } else {
      await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
    }
    await sql`update audit_log set ip = '203.0.113.9' where id = ${victim.id}`.execute(db);
    const broken = await verifyAuditChain(db, TEST_AUDIT_KEY);
    expect(broken.firstBroken).toMatchObject({ id: victim.id, reason: expect.stringMatching(/edited/) });
    await sql`delete from audit_log where id = ${victim.id}`.execute(db);
    expect((await verifyAuditChain(db, TEST_AUDIT_KEY)).firstBroken?.reason).toMatch(/removed/);
  });

  it("writes a change's audit rows with the change, or not at all", async () => {
    const { db } = database();
    const rows = async (action: string) => (await db.selectFrom("audit_log").select("id").where("action", "=", action).execute()).length;
    const event = (action: string): AuditEvent => ({ occurredAt: "2026-11-22T10:00:00.000Z", actorId: null, action, outcome: "success" });
    const user = await insertUser(db, testUser("audited"));

    await expect(
      db.transaction().execute(async (trx) => {
        await appendAuditEvents(trx, TEST_AUDIT_KEY, [event("test.rolled-back")]);
        await trx.updateTable("users").set({ first_name: "Changed" }).where("id", "=", user.id).execute();
        throw new Error("the change fails after its audit row");
      }),
    ).rejects.toThrow("the change fails after its audit row");
    expect(await rows("test.rolled-back")).toBe(0);
    expect((await findUserCredentials(db, "audited"))?.user.firstName).toBe(user.firstName);

    await db.transaction().execute(async (trx) => {
      await trx.updateTable("users").set({ first_name: "Changed" }).where("id", "=", user.id).execute();
      await appendAuditEvents(trx, TEST_AUDIT_KEY, [event("test.committed")]);
    });
    expect(await rows("test.committed")).toBe(1);

    // An audit row the database refuses takes the change with it.
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable("users").set({ first_name: "Unrecorded" }).where("id", "=", user.id).execute();
        await appendAuditEvents(trx, TEST_AUDIT_KEY, [{ ...event("test.refused"), outcome: "bogus" as AuditEvent["outcome"] }]);
      }),
    ).rejects.toThrow();
    expect(await rows("test.refused")).toBe(0);
    expect((await findUserCredentials(db, "audited"))?.user.firstName).toBe("Changed");
  });

  it("ends transactions cleanly that fail at their first statement or run none", async () => {
    const { db } = database();
    await expect(db.transaction().execute((trx) => sql`insert into no_such_table values (1)`.execute(trx))).rejects.toThrow(/no_such_table/);
    await expect(db.transaction().execute(async () => "nothing to do")).resolves.toBe("nothing to do");
    // The writer is free again for the next transaction.
    await db.transaction().execute((trx) => insertUser(trx, testUser("after")));
    expect((await findUserCredentials(db, "after"))?.user.username).toBe("after");
  });

  it("keeps each role's user counts exact through sign-ups, role changes, deactivations and deletions", async () => {
    const { db } = database();
    const day = {
      now: "2026-11-22T12:00:00.000Z",
      idleSince: "2026-11-22T11:30:00.000Z",
      dayStart: "2026-11-22T05:00:00.000Z",
      dayEnd: "2026-11-23T05:00:00.000Z",
    };
    const figures = async () => {
      const { usersByRole, deactivatedUsers } = await clinicFigures(db, day);
      return { ...usersByRole, deactivated: deactivatedUsers };
    };
    const counted = async () => {
      const rows = await db.selectFrom("users").select(["role", "deactivated_at"]).execute();
      const count = { patient: 0, doctor: 0, admin: 0, deactivated: 0 };
      for (const row of rows) {
        if (row.deactivated_at === null) count[row.role] += 1;
        else count.deactivated += 1;
      }
      return count;
    };
    const before = await figures();
    const ids = [];
    for (const name of ["count-a", "count-b", "count-c"]) ids.push((await insertUser(db, testUser(name))).id);
    expect(await figures()).toEqual({ ...before, patient: before.patient + 3 });

    await db.updateTable("users").set({ role: "doctor" }).where("id", "=", ids[0]!).execute();
    await db.updateTable("users").set({ deactivated_at: "2026-11-22T11:00:00.000Z" }).where("id", "=", ids[1]!).execute();
    // A change that touches neither role nor status moves nothing.
    await db.updateTable("users").set({ first_name: "Grace" }).where("id", "=", ids[2]!).execute();
    expect(await figures()).toEqual({ ...before, patient: before.patient + 1, doctor: before.doctor + 1, deactivated: before.deactivated + 1 });

    await db.updateTable("users").set({ deactivated_at: null, role: "admin" }).where("id", "=", ids[1]!).execute();
    await db.deleteFrom("users").where("id", "=", ids[2]!).execute();
    expect(await figures()).toEqual({ ...before, doctor: before.doctor + 1, admin: before.admin + 1 });
    expect(await figures()).toEqual(await counted());
  });

  it("enforces foreign keys", async () => {
    const { db } = database();
    await expect(
      insertLoginSession(db, {
        idHash: "orphan",
        userId: 999_999,
        createdAt: "2026-11-22T10:00:00.000Z",
        lastSeenAt: "2026-11-22T10:00:00.000Z",
        expiresAt: "2026-11-22T22:00:00.000Z",
        ip: null,
        userAgent: null,
      }),
    ).rejects.toThrow();
  });

  it("reads rows back exactly as written, in the order asked for", async () => {
    const { db } = database();
    const names = [`O'Brien "the" \\ one`, "line\nbreak", "Zoë 😀", ""];
    const ids: number[] = [];
    for (const [index, firstName] of names.entries()) {
      ids.push((await insertUser(db, { ...testUser(`exact${index}`), firstName, email: index % 2 ? null : `exact${index}@example.com` })).id);
    }
    const rows = await db
      .selectFrom("users")
      .select(["id", "first_name", "email", "must_change_password"])
      .where("id", "in", ids)
      .orderBy("id", "desc")
      .execute();
    expect(rows).toEqual(
      [...names.entries()].reverse().map(([index, firstName]) => ({
        id: ids[index],
        first_name: firstName,
        email: index % 2 ? null : `exact${index}@example.com`,
        must_change_password: rows[0]?.must_change_password,
      })),
    );
    expect(typeof rows[0]?.must_change_password === "number" || typeof rows[0]?.must_change_password === "boolean").toBe(true);
    expect(await db.selectFrom("users").select("id").where("id", "=", -1).execute()).toEqual([]);
  });

  if (kind === "sqlite") {
    it("reads every SQLite value exactly: full-precision reals, blobs, duplicate column names", async () => {
      const { db } = database();
      const user = await insertUser(db, testUser("blobby"));
      await sql`update users set phone_number = x'00ff' where id = ${user.id}`.execute(db);
      const [blob] = (await sql<{ phone_number: Uint8Array }>`select phone_number from users where id = ${user.id}`.execute(db)).rows;
      expect([...(blob?.phone_number ?? [])]).toEqual([0, 255]);
      const [row] = (await sql<{ x: number; id: number }>`select 0.1 + 0.2 as x, 1 as id, 2 as id`.execute(db)).rows;
      expect(row).toEqual({ x: 0.1 + 0.2, id: 2 });
      // Column names are keys of the rows as they are (quotes, backslashes), and a column named
      // __proto__ cannot give a row another prototype.
      const [named] = (
        await sql<Record<string, unknown>>`select id as "__proto__", first_name as "say ""hi"" \\ there" from users where id = ${user.id}`.execute(db)
      ).rows;
      expect(Object.getPrototypeOf(named)).toBe(Object.prototype);
      expect(Object.entries(named ?? {})).toContainEqual(['say "hi" \\ there', user.firstName]);
    });

    it("opens SQLite durable: WAL, commits made durable by the disk thread's fsync, foreign keys, a busy timeout", async () => {
      const { db } = database();
      const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma("journal_mode")).toBe("wal");
      // OFF: nothing fsyncs on the event loop, not even a WAL starting over; the disk thread does, before the answer.
      expect(await pragma("synchronous")).toBe(0);
      expect(await pragma("wal_autocheckpoint")).toBe(0);
      expect(await pragma("foreign_keys")).toBe(1);
      expect(await pragma("busy_timeout")).toBeGreaterThanOrEqual(1000);
    });
  }
});

describeEachDatabase("audit chain under its key", (database, kind) => {
  it("keys the chain: a chain recomputed without the key, or cut short since a checkpoint, is found", async () => {
    const { db } = database();
    const events = (n: number, from = 0): AuditEvent[] =>
      Array.from({ length: n }, (_, i) => ({ occurredAt: "2026-11-22T12:00:00.000Z", actorId: from + i, action: "patient.read", outcome: "success" }));
    await append(db, events(10));
    const checkpoint = await auditCheckpoint(db);
    expect(checkpoint).toMatchObject({ rows: 10 });
    await append(db, events(3, 10));
    expect((await verifyAuditChain(db, TEST_AUDIT_KEY, checkpoint)).firstBroken).toBeUndefined();

    if (kind === "sqlite") {
      await sql`drop trigger audit_log_no_update`.execute(db);
      await sql`drop trigger audit_log_no_delete`.execute(db);
    } else {
      await sql`alter table audit_log disable trigger audit_log_no_change`.execute(db);
    }
    // The newest rows removed: what is left links up, and only the checkpoint shows the loss.
    await sql`delete from audit_log where id >= ${checkpoint!.headId - 2}`.execute(db);
    expect((await verifyAuditChain(db, TEST_AUDIT_KEY)).firstBroken).toBeUndefined();
    expect((await verifyAuditChain(db, TEST_AUDIT_KEY, checkpoint)).firstBroken).toMatchObject({
      id: checkpoint!.headId,
      reason: expect.stringMatching(/removed/),
    });

    // A row edited and every hash recomputed with the public definition, but another key.
    const forger = Buffer.alloc(32, 1);
    let previous = "";
    for (const row of await db.selectFrom("audit_log").selectAll().orderBy("id").execute()) {
      const edited = { ...row, ip: "203.0.113.9" };
      const hash = auditLink(forger, previous, edited);
      await db.updateTable("audit_log").set({ ip: edited.ip, prev_hash: previous, hash }).where("id", "=", row.id).execute();
      previous = hash;
    }
    expect((await verifyAuditChain(db, TEST_AUDIT_KEY)).firstBroken).toMatchObject({ reason: expect.stringMatching(/edited|another key/) });
  });
});

/**
 * A clinic database in a file of its own, so it has both of its threads (the writer and the
 * reader), migrated unless `migrated: false`; closed and removed afterwards.
 */
async function withSqliteFile(run: (handle: DatabaseHandle) => Promise<void>, { migrated = true } = {}): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "halcyon-file-"));
  const handle = connect({ kind: "sqlite", file: join(dir, "clinic.db"), auditKey: TEST_AUDIT_KEY });
  try {
    if (migrated) await migrateToLatest(handle);
    await run(handle);
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("SQLite's driver", () => {
  it("take the write lock at BEGIN, so a second process waits instead of failing mid-transaction", async () => {
    const dir = mkdtempSync(join(tmpdir(), "halcyon-immediate-"));
    const file = join(dir, "clinic.db");
    const first = connect({ kind: "sqlite", file, auditKey: TEST_AUDIT_KEY });
    const second = connect({ kind: "sqlite", file, auditKey: TEST_AUDIT_KEY });
    await migrateToLatest(first);
    await sql`pragma busy_timeout = 0`.execute(second.db);
    try {
      await first.db.transaction().execute(async (trx) => {
        await trx.selectFrom("users").select("id").execute();
        // With a deferred BEGIN the read above would not hold the write lock; IMMEDIATE does.
        await expect(second.db.transaction().execute((other) => other.selectFrom("users").select("id").execute())).rejects.toThrow(/locked|busy/i);
      });
    } finally {
      await first.close();
      await second.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answer many statements asked for at once each with its own result, and a failing one alone fails", () =>
    withSqliteFile(async (handle) => {
      const reads = Array.from({ length: 50 }, (_, n) => sql<{ n: number }>`select ${n} as n`.execute(handle.db));
      const writes = Array.from({ length: 5 }, (_, n) => insertUser(handle.db, testUser(`batched${n}`)));
      const broken = expect(sql`select * from no_such_table`.execute(handle.db)).rejects.toThrow(/no such table/);
      const unbindable = expect(sql`select ${{ toString: () => "no database takes this" }} as f`.execute(handle.db)).rejects.toThrow();
      await Promise.all([broken, unbindable]);
      expect((await Promise.all(reads)).map((result) => result.rows[0]?.n)).toEqual(Array.from({ length: 50 }, (_, n) => n));
      expect((await Promise.all(writes)).map((user) => user.username)).toEqual(Array.from({ length: 5 }, (_, n) => `batched${n}`));
    }));

  it("read a table's new columns once its schema changes", () =>
    withSqliteFile(
      async (handle) => {
        await sql`create table notes (id integer primary key, body text)`.execute(handle.db);
        await sql`insert into notes (body) values ('first')`.execute(handle.db);
        expect((await sql`select * from notes`.execute(handle.db)).rows).toEqual([{ id: 1, body: "first" }]);
        await sql`alter table notes add column author text`.execute(handle.db);
        expect((await sql`select * from notes`.execute(handle.db)).rows).toEqual([{ id: 1, body: "first", author: null }]);
      },
      { migrated: false },
    ));

  it("hand the writer on only once a transaction whose audit row failed has ended", () =>
    withSqliteFile(async (handle) => {
      const refused = handle.db.transaction().execute(async (trx) => {
        await insertUser(trx, testUser("undone"));
        await appendAuditEvents(trx, TEST_AUDIT_KEY, [
          { occurredAt: "2026-11-22T10:00:00.000Z", actorId: null, action: "test.refused", outcome: "bogus" as AuditEvent["outcome"] },
        ]);
      });
      // Waits for the writer meanwhile: it must not land inside the failed transaction.
      const waiting = insertUser(handle.db, testUser("kept"));
      await expect(refused).rejects.toThrow();
      await waiting;
      const names = (await handle.db.selectFrom("users").select("username").orderBy("username").execute()).map((row) => row.username);
      expect(names).toEqual(["kept"]);
    }));

  it("tell every member of a group whose COMMIT fails that nothing was saved, and commit the next group whole", () =>
    withSqliteFile(async (handle) => {
      // A deferred foreign key is checked only at the group's COMMIT, which then fails for all of
      // its members (the clinic's schema defers none, so only this test's table can).
      await sql`create table parents (id integer primary key)`.execute(handle.db);
      await sql`create table children (id integer primary key, parent_id integer references parents (id) deferrable initially deferred)`.execute(handle.db);
      const orphaned = handle.db.transaction().execute(async (trx) => {
        await sql`insert into children (parent_id) values (7)`.execute(trx);
        await insertUser(trx, testUser("undone"));
      });
      const sameGroup = handle.db.transaction().execute((trx) => insertUser(trx, testUser("lost")));
      await expect(orphaned).rejects.toThrow(/FOREIGN KEY/);
      await expect(sameGroup).rejects.toThrow(/FOREIGN KEY/);
      await handle.db.transaction().execute(async (trx) => {
        await insertUser(trx, testUser("first"));
        await insertUser(trx, testUser("second"));
      });
      const names = (await handle.db.selectFrom("users").select("username").orderBy("username").execute()).map((row) => row.username);
      expect(names).toEqual(["first", "second"]);
      expect((await sql`select count(*) as n from children`.execute(handle.db)).rows).toEqual([{ n: 0 }]);
    }));

  it("run the write transactions of a moment each whole or not at all, each answered as it ended", () =>
    withSqliteFile(async (handle) => {
      const { db } = handle;
      await sql`create table notes (id integer primary key, body text not null unique)`.execute(db);
      const audit = { occurredAt: "2026-11-22T10:00:00.000Z", actorId: null, action: "test.whole", targetType: "note", outcome: "success" } as const;
      const write = (body: string, outcome: string = audit.outcome) =>
        db.transaction().execute(async (trx) => {
          const { id } = (await sql<{ id: number }>`insert into notes (body) values (${body}) returning id`.execute(trx)).rows[0]!;
          await appendAuditEvents(trx, TEST_AUDIT_KEY, [{ ...audit, targetId: id, outcome: outcome as AuditEvent["outcome"] }]);
          return id;
        });
      // The second repeats a note and the fourth has an audit row the database refuses.
      const answers = await Promise.allSettled([write("one"), write("one"), write("two"), write("three", "bogus"), write("four")]);
      expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected", "fulfilled"]);
      const notes = (await sql<{ id: number; body: string }>`select id, body from notes order by id`.execute(db)).rows;
      expect(notes.map((note) => note.body)).toEqual(["one", "two", "four"]);
      // Each answer carries its own new id, and each audit row names it.
      const ids = answers.flatMap((answer) => (answer.status === "fulfilled" ? [answer.value] : []));
      expect(ids).toEqual(notes.map((note) => note.id));
      const targets = await db.selectFrom("audit_log").select("target_id").where("action", "=", "test.whole").orderBy("id").execute();
      expect(targets.map((row) => Number(row.target_id))).toEqual(ids);
      expect((await verifyAuditChain(db, TEST_AUDIT_KEY)).firstBroken).toBeUndefined();
    }));

  it("answer every write as the database ended it, when the disk fills up", () =>
    withSqliteFile(async (handle) => {
      const { db } = handle;
      await sql`create table notes (id integer primary key, body text not null)`.execute(db);
      const write = (body: string) => db.transaction().execute((trx) => sql`insert into notes (body) values (${body})`.execute(trx));
      // A database that may not grow: the large write fails with SQLITE_FULL.
      const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
      await sql.raw(`pragma max_page_count = ${(rows[0]?.page_count ?? 0) + 1}`).execute(db);
      const bodies = ["small one", "x".repeat(200_000), "small two"];
      const answers = await Promise.allSettled(bodies.map(write));
      expect(answers[1]?.status).toBe("rejected");
      const stored = new Set((await sql<{ body: string }>`select body from notes`.execute(db)).rows.map((row) => row.body));
      for (const [index, body] of bodies.entries()) expect(answers[index]?.status === "fulfilled", body.slice(0, 9)).toBe(stored.has(body));
    }));

  it("answer a write only once its commit group is on the disk, the writes of a moment sharing one commit and one fsync", async () => {
    const dir = mkdtempSync(join(tmpdir(), "halcyon-durable-"));
    const file = join(dir, "clinic.db");
    const writer = new SqliteConnection(file, ["journal_mode = WAL", "synchronous = NORMAL"], 1000);
    const reader = new SqliteConnection(file, ["query_only = ON"], 1000);
    writer.db.exec("create table notes (id integer primary key, body text)");
    let syncs = 0;
    let finishSync: () => void = () => {};
    const sync = () => {
      syncs += 1;
      return new Promise<void>((resolve) => (finishSync = resolve));
    };
    const db = new Kysely<{ notes: { id: Generated<number>; body: string } }>({
      dialect: new ClinicSqliteDialect({
        writer,
        reader: { read: async (query) => reader.run(query) },
        sync,
        close: async () => [reader, writer].forEach((connection) => connection.db.close()),
      }),
    });
    const stored = async () => (await db.selectFrom("notes").select("body").orderBy("id").execute()).map((row) => row.body);
    try {
      const answered: string[] = [];
      const write = (body: string) =>
        db
          .transaction()
          .execute((trx) => trx.insertInto("notes").values({ body }).execute())
          .then(() => answered.push(body));
      const first = [write("first"), write("second")];
      // Asked for in one moment: one group, one COMMIT, one fsync; visible once committed, but
      // not answered while the fsync runs.
      await vi.waitFor(() => expect(syncs).toBe(1));
      expect(await stored()).toEqual(["first", "second"]);
      const later = [write("third"), write("fourth")];
      await vi.waitFor(() => expect(writer.db.inTransaction).toBe(true));
      // The next group waits for the disk; readers see only what is committed meanwhile.
      expect(await stored()).toEqual(["first", "second"]);
      expect(answered).toEqual([]);
      finishSync();
      await Promise.all(first);
      expect(answered).toEqual(["first", "second"]);
      await vi.waitFor(() => expect(syncs).toBe(2));
      expect(await stored()).toEqual(["first", "second", "third", "fourth"]);
      finishSync();
      await Promise.all(later);
      expect(answered).toEqual(["first", "second", "third", "fourth"]);
      expect(syncs).toBe(2);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leave reads outside a transaction free: answered at once, from what is committed", () =>
    withSqliteFile(async (handle) => {
      const named = (db: typeof handle.db) => db.selectFrom("users").select("id").where("username", "=", "pending").execute();
      await handle.db.transaction().execute(async (trx) => {
        await insertUser(trx, testUser("pending"));
        // This transaction holds the writing connection; a read beside it neither waits for it
        // (it would wait forever here) nor sees what it has not committed.
        expect(await named(handle.db)).toHaveLength(0);
        expect(await named(trx)).toHaveLength(1);
      });
      expect(await named(handle.db)).toHaveLength(1);
    }));
});
