// A hot query built and compiled by Kysely once per database, then run with new values. Building
// and compiling costs more than SQLite's own work for the small statements every request makes:
// under load, Kysely's build and compile took 85 µs of the event loop's time per GET /api/user,
// 11 µs once its one query was prepared (docs/performance.md). Only for the statements of the
// hot paths: who is signed in, a page of appointments, the audit chain's head and new row.
import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { Database } from "./schema";
import type { Db } from "./repositories/db";

/** Stands for the value named `key` while the query is built; Kysely passes it through as a parameter. */
class Slot {
  constructor(readonly key: string) {}
}

interface Prepared<R> {
  query: CompiledQuery<R>;
  /** For each parameter of the SQL: the name of the value that goes there, or undefined for a fixed one. */
  slots: (string | undefined)[];
}

/**
 * `build` must use each value of `params` once, untouched, as a value of the query (a comparison,
 * a column's value, a limit): a value that shapes the SQL itself (a list for `in`, an optional
 * filter) needs a query of its own.
 */
export function preparedQuery<P extends object, R>(build: (db: Kysely<Database>, params: P) => Compilable<R>): (db: Db, params: P) => Promise<R[]> {
  // SQLite and PostgreSQL write different SQL: one compiled query per dialect's adapter.
  const byAdapter = new WeakMap<object, Prepared<R>>();
  const prepare = (db: Db): Prepared<R> => {
    const used = new Set<string>();
    const placeholders = new Proxy({}, { get: (_target, key) => (typeof key === "string" ? (used.add(key), new Slot(key)) : undefined) }) as P;
    const query = build(db, placeholders).compile();
    const slots = query.parameters.map((parameter) => (parameter instanceof Slot ? parameter.key : undefined));
    const lost = [...used].filter((key) => slots.filter((slot) => slot === key).length !== 1);
    if (lost.length > 0) throw new Error(`prepared query: ${lost.join(", ")} must each be used once, as a value of the query`);
    return { query, slots };
  };
  return async (db, params) => {
    const adapter = db.getExecutor().adapter;
    let prepared = byAdapter.get(adapter);
    if (!prepared) byAdapter.set(adapter, (prepared = prepare(db)));
    const { query, slots } = prepared;
    const values = params as Record<string, unknown>;
    const parameters = query.parameters.map((fixed, index) => {
      const key = slots[index];
      return key === undefined ? fixed : values[key];
    });
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
