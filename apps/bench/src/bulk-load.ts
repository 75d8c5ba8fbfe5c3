// What the seeding scripts share: a fresh database migrated by the app's own migrations, then
// filled with plain SQL through better-sqlite3 in big transactions (no HTTP, no per-row round
// trip to the worker thread), a deterministic random source, the clinic's hours as UTC
// instants, and the one password hash every bulk-created account shares.
import { existsSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { connect, migrateToLatest } from "@halcyon/db";
import argon2 from "argon2";
import Database from "better-sqlite3";
import { loadAuditKey } from "@halcyon/api/audit-key";

/** Every bulk-created account signs in with this password. */
export const BENCH_PASSWORD = "halcyon-bench-password";

/** packages/domain/src/auth/passwords.ts hashes with these (argon2id, OWASP parameters). */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let sharedHash: Promise<string> | undefined;
/** One argon2id hash of BENCH_PASSWORD, made once and reused for every row (hashing is slow on purpose). */
export function benchPasswordHash(): Promise<string> {
  sharedHash ??= argon2.hash(BENCH_PASSWORD, ARGON2_OPTIONS);
  return sharedHash;
}

/**
 * Since issue 33 the server stores no bare pre-split hash: at every start it wraps each one it
 * finds (packages/domain/src/auth/verifiers.ts, wrapLegacyVerifiers: an argon2id hash of the old
 * hash's 32 bytes, its salt and parameters kept in legacy_kdf), one slow hash per member, so a
 * fresh copy of a clinic of 20,000 would take many minutes to start. The accounts share one hash,
 * so the seed wraps it once, the same way, for all of them.
 */
export async function wrapBenchVerifiers(db: BulkDb): Promise<void> {
  const phc = await benchPasswordHash();
  const [, , , params = "", salt = "", hash = ""] = phc.split("$");
  const [memoryKiB, iterations, parallelism] = params.split(",").map((part) => Number(part.split("=")[1]));
  const legacyKdf = JSON.stringify({ salt: Buffer.from(salt, "base64").toString("base64url"), memoryKiB, iterations, parallelism });
  const wrapped = await argon2.hash(Buffer.from(hash, "base64"), ARGON2_OPTIONS);
  db.prepare(`update users set password_hash = ?, legacy_kdf = ? where password_hash = ? and kdf is null`).run(wrapped, legacyKdf, phc);
}

export type BulkDb = Database.Database;

function removeDatabase(file: string): void {
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
}

/**
 * A new database at `file` with the app's schema (its migrations, as the server runs them), open
 * for bulk loading: no journal and no fsync while loading; finishBulkLoad() restores WAL.
 */
export async function createBulkDatabase(file: string): Promise<BulkDb> {
  removeDatabase(file);
  const handle = connect({ kind: "sqlite", file, auditKey: loadAuditKey({ DATA_DIR: dirname(file) }) });
  try {
    await migrateToLatest(handle);
  } finally {
    await handle.close();
  }
  return openForBulkLoad(file);
}

/** An existing database opened for bulk loading (see createBulkDatabase). */
export function openForBulkLoad(file: string): BulkDb {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const db = new Database(file);
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -1000000");
  db.pragma("temp_store = MEMORY");
  db.pragma("foreign_keys = ON");
  return db;
}

/** Back to the journal mode the server uses, everything on disk, the file closed. */
export function finishBulkLoad(db: BulkDb): void {
  db.pragma("journal_mode = WAL");
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
}

/** Inserts rows with one prepared statement, `batchSize` rows per transaction; answers the count. */
export function insertRows(db: BulkDb, sql: string, rows: Iterable<unknown[]>, batchSize = 50_000): number {
  const statement = db.prepare(sql);
  let batch: unknown[][] = [];
  let count = 0;
  const flush = db.transaction((pending: unknown[][]) => {
    for (const row of pending) statement.run(row);
  });
  for (const row of rows) {
    batch.push(row);
    if (batch.length >= batchSize) {
      flush(batch);
      count += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) flush(batch);
  return count + batch.length;
}

/** Deterministic pseudo-random numbers (mulberry32): the same seed builds the same database. */
export class Random {
  #state: number;
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }
  /** In [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
}

/**
 * Knuth's selection sampling: asked once for each of `total` items in turn, answers true for
 * exactly `wanted` of them, each item equally likely.
 */
export function selectionSampler(wanted: number, total: number, random: Random): () => boolean {
  let seen = 0;
  let chosen = 0;
  return () => {
    const take = (total - seen) * random.next() < wanted - chosen;
    seen += 1;
    if (take) chosen += 1;
    return take;
  };
}

export const iso = (ms: number) => new Date(ms).toISOString();
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The clinic's time zone (CLINIC_TIMEZONE's default) and its default hours: weekdays 09:00–17:00. */
export const CLINIC_ZONE = "America/New_York";
export const CLINIC_FIRST_HOUR = 9;
export const CLINIC_SESSIONS_PER_DAY = 8;

const zoneHour = new Intl.DateTimeFormat("en-US", { timeZone: CLINIC_ZONE, hour: "numeric", hourCycle: "h23" });
const zoneDate = new Intl.DateTimeFormat("en-CA", { timeZone: CLINIC_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The clinic's calendar date (YYYY-MM-DD) at an instant. */
export function clinicDate(ms: number): string {
  return zoneDate.format(ms);
}

/** UTC midnight of a YYYY-MM-DD date: the day's key for the arithmetic below. */
export function dayKey(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

/** The instant of `hour`:00 in the clinic's time zone on the day `day` (a dayKey). */
export function clinicInstant(day: number, hour: number): number {
  // Clocks change at 02:00 local, so the offset at noon UTC (07:00/08:00 local) holds all day long.
  const noonUtc = day + 12 * HOUR_MS;
  const offsetHours = Number(zoneHour.format(noonUtc)) - 12;
  return day + hour * HOUR_MS - offsetHours * HOUR_MS;
}

/** Monday to Friday (by the day's own calendar, whatever the zone). */
export function isWeekday(day: number): boolean {
  const weekday = new Date(day).getUTCDay();
  return weekday >= 1 && weekday <= 5;
}

export const FIRST_NAMES = [
  "Ada",
  "Ben",
  "Chloe",
  "Dev",
  "Elena",
  "Farah",
  "Gabe",
  "Hana",
  "Ivan",
  "Jade",
  "Kofi",
  "Lena",
  "Mateo",
  "Nia",
  "Omar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sami",
  "Tara",
  "Uma",
  "Victor",
  "Wen",
  "Ximena",
  "Yusuf",
  "Zoe",
  "Alex",
  "Jordan",
  "Sam",
  "Riley",
  "Morgan",
  "Casey",
] as const;
export const LAST_NAMES = [
  "Abbott",
  "Baker",
  "Castillo",
  "Dubois",
  "Eriksen",
  "Fischer",
  "Garcia",
  "Hughes",
  "Ibrahim",
  "Jensen",
  "Kowalski",
  "Larsen",
  "Moreno",
  "Nakamura",
  "Okafor",
  "Patel",
  "Quintero",
  "Rossi",
  "Schmidt",
  "Tanaka",
  "Usman",
  "Varga",
  "Walsh",
  "Xu",
  "Yilmaz",
  "Zhang",
] as const;
