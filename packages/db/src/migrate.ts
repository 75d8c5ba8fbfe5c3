import { Migrator } from "kysely";
import type { DatabaseHandle } from "./connect";
import { migrationProvider } from "./migrations/index";

/**
 * Brings the schema up to date; throws with the failing migration's name if one fails. On
 * PostgreSQL the migrator's own tables live in the connection's schema: without saying so it
 * would mistake another schema's tables (another test run's, say) for its own.
 */
export async function migrateToLatest(database: Pick<DatabaseHandle, "db" | "postgres" | "auditKey">): Promise<string[]> {
  const schema = database.postgres?.schema;
  const migrator = new Migrator({ db: database.db, provider: migrationProvider(database.auditKey), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === "Error");
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? "(unknown)"} failed: ${reason}`, { cause: error });
  }
  return results.filter((result) => result.status === "Success").map((result) => result.migrationName);
}
