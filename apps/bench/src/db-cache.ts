// Seeded databases are slow to build and reused between runs: each lives in
// bench-results/cache/ (git-ignored) beside a JSON file saying what seeded it, when, how long
// it took, and the schema it was built on. A cached file is reused only while its schema is the
// one the migrations build today, its seed version is current and it is not older than a week
// (its "future" sessions are relative to the day it was seeded); BENCH_RESEED=1 forces a rebuild.
// Measurements never touch the cached file itself: they start the server on a copy.
import { createHash, randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { connect, migrateToLatest, type Kysely } from "@halcyon/db";
import { sql } from "kysely";
import { CACHE_DIR, DATABASE_FILE, formatMs, progress, round } from "./support";

const MAX_AGE_MS = 7 * 24 * 3_600_000;

export interface CachedDatabase<Info> {
  file: string;
  info: Info;
  seededAt: string;
  seedMs: number;
  /** False when this run built the file. */
  reused: boolean;
}

interface Meta<Info> {
  version: string;
  schema: string;
  seededAt: string;
  seedMs: number;
  info: Info;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- only sqlite_master and kysely_migration are read
async function fingerprintOf(db: Kysely<any>): Promise<string> {
  const objects = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`.execute(db);
  const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return createHash("sha256")
    .update(JSON.stringify([objects.rows, migrations.rows.map((row) => row.name)]))
    .digest("hex")
    .slice(0, 16);
}

let expected: Promise<string> | undefined;
/** The fingerprint of the schema today's migrations build (an in-memory database, migrated). */
function expectedSchema(): Promise<string> {
  expected ??= (async () => {
    const handle = connect({ kind: "sqlite", file: ":memory:", auditKey: randomBytes(32) });
    try {
      await migrateToLatest(handle);
      return await fingerprintOf(handle.db);
    } finally {
      await handle.close();
    }
  })();
  return expected;
}

async function schemaOf(file: string): Promise<string> {
  const handle = connect({ kind: "sqlite", file, auditKey: randomBytes(32) });
  try {
    return await fingerprintOf(handle.db);
  } finally {
    await handle.close();
  }
}

export interface CacheOptions<Info> {
  /** The file's name in the cache directory, without extension. */
  name: string;
  /** Change it whenever what the seed writes changes. */
  version: string;
  /** Fills a new database at `file` (created by the seed); answers what the measurements need to know about it. */
  seed: (file: string) => Promise<Info>;
}

function readMeta<Info>(file: string): Meta<Info> | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Meta<Info>;
  } catch {
    return undefined;
  }
}

/** The cached database, seeded now if missing or stale. */
export async function cachedDatabase<Info>({ name, version, seed }: CacheOptions<Info>): Promise<CachedDatabase<Info>> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = join(CACHE_DIR, `${name}.db`);
  const metaFile = join(CACHE_DIR, `${name}.json`);
  const schema = await expectedSchema();
  const meta = readMeta<Info>(metaFile);

  const reason =
    !existsSync(file) || !meta
      ? "no cached copy"
      : meta.version !== version
        ? `seed version ${meta.version} → ${version}`
        : meta.schema !== schema
          ? "the migrations changed"
          : Date.now() - Date.parse(meta.seededAt) > MAX_AGE_MS
            ? `seeded ${meta.seededAt}, over a week ago`
            : process.env.BENCH_RESEED === "1"
              ? "BENCH_RESEED=1"
              : undefined;

  if (!reason && meta && (await schemaOf(file)) === schema) {
    progress(`${name}: reusing ${file} (seeded ${meta.seededAt} in ${formatMs(meta.seedMs)})`);
    return { file, info: meta.info, seededAt: meta.seededAt, seedMs: meta.seedMs, reused: true };
  }

  progress(`${name}: seeding ${file} (${reason ?? "its schema differs"})`);
  rmSync(metaFile, { force: true });
  // Built under a temporary name, so an interrupted seed never leaves a half-filled "cached" file.
  const building = join(CACHE_DIR, `${name}.building.db`);
  const seededAt = new Date().toISOString();
  const startedAt = performance.now();
  const info = await seed(building);
  const seedMs = round(performance.now() - startedAt);
  for (const suffix of ["-wal", "-shm"]) rmSync(`${file}${suffix}`, { force: true });
  renameSync(building, file);
  const built = await schemaOf(file);
  if (built !== schema) throw new Error(`${name}: the seeded database's schema (${built}) is not the migrations' (${schema})`);
  const fresh: Meta<Info> = { version, schema, seededAt, seedMs, info };
  writeFileSync(metaFile, `${JSON.stringify(fresh, null, 2)}\n`);
  progress(`${name}: seeded in ${formatMs(seedMs)}`);
  return { file, info, seededAt, seedMs, reused: false };
}

/** A copy of a cached database as DATA_DIR/halcyon.db, for a server to run on. */
export function copyIntoDataDir(file: string, dataDir: string): string {
  const target = join(dataDir, DATABASE_FILE);
  copyFileSync(file, target);
  return target;
}
