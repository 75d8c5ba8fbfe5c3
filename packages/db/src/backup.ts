import type { DatabaseHandle } from "./connect";

/**
 * Writes a consistent snapshot of the SQLite database to `destination` (a file that must not
 * exist yet) while the app keeps serving and writing. PostgreSQL has its own tool, pg_dump.
 */
export async function backupSqlite(handle: DatabaseHandle, destination: string): Promise<void> {
  if (!handle.backupTo) {
    throw new Error("Online backup is for the embedded SQLite database; back PostgreSQL up with pg_dump.");
  }
  await handle.backupTo(destination);
}
