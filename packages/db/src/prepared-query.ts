// A hot read built and compiled by Kysely once per database, then run with a new value. Building
// and compiling a query costs more than SQLite's own work for the small reads every request makes:
// for "who is signed in?" about 30 µs to build and compile against 5–15 µs to run (measured on the
// large clinic; see docs/performance.md). Only for queries that run on every request.
import type { CompiledQuery} from "kysely";
import { type Compilable, type Kysely } from "kysely";
import type { Database } from "./schema";
import type { Db } from "./repositories/db";

/** Stands for the value while the query is built; Kysely passes it through as a parameter. */
const VALUE = Object.freeze({ preparedQueryValue: true });

/**
 * `build` must use its value once as a value of the query (a comparison, say), untouched: a value
 * that shapes the SQL itself (a list for `in`, an optional filter) cannot be prepared.
 */
export function preparedQuery<V, R>(build: (db: Kysely<Database>, value: V) => Compilable<R>): (db: Db, value: V) => Promise<R[]> {
  // SQLite and PostgreSQL write different SQL: one compiled query per dialect's adapter.
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  return async (db, value) => {
    const adapter = db.getExecutor().adapter;
    let query = compiled.get(adapter);
    if (!query) {
      query = build(db, VALUE as V).compile();
      if (query.parameters.filter((parameter) => parameter === VALUE).length !== 1) throw new Error("a prepared query must use its value exactly once");
      compiled.set(adapter, query);
    }
    const parameters = query.parameters.map((parameter) => (parameter === VALUE ? value : parameter));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
