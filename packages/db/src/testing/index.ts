// Test helpers: every test file gets its own freshly migrated database, on SQLite always and on
// PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). PostgreSQL runs get a schema of
// their own, so test files and packages can run side by side on one server.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { connect, type DatabaseHandle, type DatabaseKind, type QueryObserver } from "../connect";
import { migrateToLatest } from "../migrate";
import type { NewUser } from "../repositories/users.repository";

/** The audit chain's key in tests (a deployment's is random and kept outside the database). */
export const TEST_AUDIT_KEY = Buffer.alloc(32, 7);
/** The server's secrets key in tests (a deployment's is random and kept outside the database). */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 9);

/** A user to insert in a test: Ada Lovelace, a patient unless told otherwise. */
export function testUser(username: string, role: NewUser["role"] = "patient"): NewUser {
  return {
    username,
    passwordHash: "$argon2id$placeholder",
    kdf: { salt: "AAAAAAAAAAAAAAAAAAAAAA", memoryKiB: 65_536, iterations: 3, parallelism: 1 },
    email: null,
    firstName: "Ada",
    lastName: "Lovelace",
    phoneNumber: "(555) 123-4567",
    dateOfBirth: "1990-12-10",
    role,
    createdAt: "2026-11-22T10:00:00.000Z",
  };
}

export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

/** A fresh, migrated database; `close()` also removes it. */
export async function createTestDatabase(kind: DatabaseKind, observe?: QueryObserver): Promise<DatabaseHandle> {
  const observed = observe ? { observe } : {};
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "halcyon-test-"));
    const handle = connect({ kind: "sqlite", file: join(dir, "clinic.db"), auditKey: TEST_AUDIT_KEY, ...observed });
    await migrateToLatest(handle);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const handle = connect({ kind: "postgres", url, schema, poolSize: 20, auditKey: TEST_AUDIT_KEY, ...observed });
  // The migrator looks at every schema's tables, and PostgreSQL refuses that look ("schema …
  // does not exist") when another test file drops its schema meanwhile: migrations share a lock
  // that a drop takes alone.
  await withSchemaLock(url, "shared", async (admin) => {
    await admin.query(`create schema ${schema}`);
    await migrateToLatest(handle);
  });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withSchemaLock(url, "alone", (admin) => admin.query(`drop schema if exists ${schema} cascade`));
    },
  };
}

/**
 * Runs a describe block once per available database. The callback receives a getter, valid
 * inside tests and hooks, for that block's own fresh database.
 */
export function describeEachDatabase(name: string, body: (database: () => DatabaseHandle, kind: DatabaseKind) => void): void {
  for (const kind of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let handle: DatabaseHandle | undefined;
      beforeAll(async () => {
        handle = await createTestDatabase(kind);
      });
      afterAll(async () => {
        await handle?.close();
      });
      body(() => {
        if (!handle) throw new Error("the test database is not ready yet");
        return handle;
      }, kind);
    });
  }
}

/** Any number (in PostgreSQL's advisory-lock space) that names "test schemas come and go". */
const TEST_SCHEMAS_LOCK = 7_244_013;

/** Runs `work` holding the test schemas' lock, shared with other migrations or alone, on a connection of its own. */
async function withSchemaLock<T>(url: string, how: "shared" | "alone", work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(how === "shared" ? "select pg_advisory_lock_shared($1)" : "select pg_advisory_lock($1)", [TEST_SCHEMAS_LOCK]);
    return await work(admin);
  } finally {
    await admin.end();
  }
}
