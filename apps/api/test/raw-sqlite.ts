// What a SQLite clinic leaves on disk, read as bytes: for tests that nothing readable (a message's
// words, a file's contents) lies in the database file or its WAL. PostgreSQL has no file a test
// reads: these answer null there.
import { existsSync, readFileSync } from "node:fs";
import BetterSqlite3 from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";

export interface FileOnDisk {
  name: string;
  bytes: Buffer;
}

/** The database file of a SQLite clinic; null on PostgreSQL. */
export async function sqliteFileOf(app: FastifyInstance): Promise<string | null> {
  if (app.database.kind !== "sqlite") return null;
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(app.clinic.db);
  const file = rows[0]?.file;
  if (!file) throw new Error("the SQLite clinic names no file");
  return file;
}

/**
 * Copies every committed page from the WAL into the database file and empties the WAL, on a
 * connection of its own (the clinic's disk thread checkpoints only passively, and keeps the WAL).
 * A checkpoint the disk thread is running at that moment makes this one busy at once, without
 * waiting: it is tried again for a few seconds.
 */
export async function checkpointAndTruncate(file: string): Promise<void> {
  const connection = new BetterSqlite3(file, { fileMustExist: true, timeout: 5_000 });
  try {
    const until = Date.now() + 10_000;
    for (;;) {
      const [result] = connection.pragma("wal_checkpoint(TRUNCATE)") as { busy: number; log: number; checkpointed: number }[];
      if (result?.busy === 0) return;
      if (Date.now() > until) throw new Error(`the checkpoint could not finish: ${JSON.stringify(result)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    connection.close();
  }
}

/** The database file and its WAL (while there is one) as they lie on disk now; null on PostgreSQL. */
export async function filesOnDisk(app: FastifyInstance, { checkpoint = false } = {}): Promise<FileOnDisk[] | null> {
  const file = await sqliteFileOf(app);
  if (!file) return null;
  if (checkpoint) await checkpointAndTruncate(file);
  return [file, `${file}-wal`].filter((name) => existsSync(name)).map((name) => ({ name, bytes: readFileSync(name) }));
}

/** The names of the files that hold `needle` (as UTF-8 text, or as bytes). */
export function filesHolding(files: FileOnDisk[], needle: string | Uint8Array): string[] {
  const bytes = typeof needle === "string" ? Buffer.from(needle, "utf8") : Buffer.from(needle);
  return files.filter((file) => file.bytes.includes(bytes)).map((file) => file.name);
}
