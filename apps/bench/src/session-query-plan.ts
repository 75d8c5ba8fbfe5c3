// The session lookup behind every authenticated request is one indexed query: the SQL that
// findLoginSessionWithUser really sends (captured through Kysely's query log, not retyped here)
// is run through SQLite's EXPLAIN QUERY PLAN, and every step must be a SEARCH on a key.
import { createHash, randomBytes } from "node:crypto";
import { connect, findLoginSessionWithUser } from "@halcyon/db";
import { CompiledQuery } from "kysely";

export interface SessionQueryPlan {
  sql: string;
  /** Statements the lookup sent; one is the claim. */
  statements: number;
  /** The detail column of EXPLAIN QUERY PLAN, one line per step. */
  steps: string[];
  /** Whether the lookup found the session it was given, and whose it is. */
  foundUsername: string | null;
  problems: string[];
}

/** A step that reads rows through a key: the rowid/INTEGER PRIMARY KEY or an index. */
const KEYED_SEARCH = /^SEARCH \S+ USING (INTEGER PRIMARY KEY|PRIMARY KEY|(COVERING )?INDEX \S+) \(/;

export async function explainSessionLookup(databaseFile: string, sessionToken: string): Promise<SessionQueryPlan> {
  const sent: { sql: string; parameters: readonly unknown[] }[] = [];
  const handle = connect({ kind: "sqlite", file: databaseFile, auditKey: randomBytes(32), observe: (sql, parameters) => void sent.push({ sql, parameters }) });
  const logged = handle.db;
  try {
    // The cookie holds the token; the table holds its SHA-256 (packages/domain/src/auth/sessions.ts).
    const idHash = createHash("sha256").update(sessionToken).digest("hex");
    const found = await findLoginSessionWithUser(logged, idHash);
    // Counted before EXPLAIN runs on the same (observed) connection.
    const statements = sent.length;
    const [query] = sent;
    if (!query) throw new Error("findLoginSessionWithUser sent no query");

    const { rows } = await logged.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]));
    const steps = rows.map((row) => row.detail);
    const problems: string[] = [];
    if (statements !== 1) problems.push(`the lookup sent ${statements} statements, not one`);
    if (!found) problems.push("the lookup did not find the benchmark's session");
    if (steps.length === 0) problems.push("EXPLAIN QUERY PLAN returned no steps");
    for (const step of steps) {
      if (!KEYED_SEARCH.test(step)) problems.push(`not a keyed SEARCH: ${step}`);
    }
    if (!steps.some((step) => step.includes("id_hash=?"))) problems.push("no step looks the session up by id_hash");
    return { sql: query.sql, statements, steps, foundUsername: found?.user.username ?? null, problems };
  } finally {
    await handle.close();
  }
}
