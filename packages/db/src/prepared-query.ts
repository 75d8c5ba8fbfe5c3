// Hot queries built and compiled once, then run with new values. Kysely builds an immutable
// tree and compiles it to SQL on every call; for the small queries every request makes (who is
// signed in, the audit row, a page of a list) that costs the server's one thread more than the
// database's own work does. A prepared query keeps the SQL and the place of each value.
import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from "kysely";
import type { Database } from "./schema";

type AnyDb = Kysely<Database>;

/** Stands, while the query is built, for the value named `key`. */
class Slot {
  constructor(readonly key: string) {}
}

interface Compiled {
  sql: string;
  query: CompiledQuery["query"];
  /** For each parameter of the SQL: the name of the value to put there, or a fixed value. */
  parameters: Array<Slot | unknown>;
}

/** Placeholders in the shape of P: reading `params.x` gives the slot for x. */
function placeholders<P>(): { params: P; used: Set<string> } {
  const used = new Set<string>();
  const params = new Proxy(
    {},
    {
      get: (_target, key) => {
        if (typeof key !== "string") return undefined;
        used.add(key);
        return new Slot(key);
      },
    },
  ) as P;
  return { params, used };
}

function compile<P extends object, R>(db: AnyDb, build: (db: AnyDb, params: P) => Compilable<R>): Compiled {
  const { params, used } = placeholders<P>();
  const compiled = build(db, params).compile();
  const placed = new Set(compiled.parameters.filter((value): value is Slot => value instanceof Slot).map((slot) => slot.key));
  // A value the builder looked into (its length, say) or that Kysely wrote into the SQL itself
  // would be frozen into the query: such a query cannot be prepared.
  const lost = [...used].filter((key) => !placed.has(key));
  if (lost.length > 0) throw new Error(`prepared query: ${lost.join(", ")} must each be a single value of the query`);
  return { sql: compiled.sql, query: compiled.query, parameters: [...compiled.parameters] };
}

export interface PreparedQuery<P extends object, R> {
  /** Every row, as the built query's `execute()` gives them. */
  execute(db: Kysely<Database>, params: P): Promise<R[]>;
  executeTakeFirst(db: Kysely<Database>, params: P): Promise<R | undefined>;
  /** The query with these values, to run some other way (see writeTransactionOnWriter). */
  compiled(db: Kysely<Database>, params: P): CompiledQuery<R>;
  /**
   * The SQL for `db`'s dialect, for running elsewhere with the values given by position: only for
   * a query whose values are `params[0]`, `params[1]`, … each once, in that order.
   */
  positionalSql(db: Kysely<Database>): string;
}

/**
 * A query to build once per SQL dialect and run many times. `build` must use each value of
 * `params` as a value of the query, untouched (a comparison, a column's value, a limit): a value
 * that changes the SQL itself (a list for `in`, an optional filter) needs a query of its own.
 */
export function preparedQuery<P extends object, R>(build: (db: AnyDb, params: P) => Compilable<R>): PreparedQuery<P, R> {
  // SQLite and PostgreSQL write different SQL: one compiled query per dialect's adapter.
  const byAdapter = new Map<unknown, Compiled>();
  const compiledFor = (db: AnyDb): Compiled => {
    const adapter = db.getExecutor().adapter.constructor;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      compiled = compile(db, build);
      byAdapter.set(adapter, compiled);
    }
    return compiled;
  };
  const bound = (db: AnyDb, params: P): CompiledQuery<R> => {
    const compiled = compiledFor(db);
    const values = params as Record<string, unknown>;
    return {
      sql: compiled.sql,
      query: compiled.query,
      queryId: createQueryId(),
      parameters: compiled.parameters.map((value) => (value instanceof Slot ? values[value.key] : value)),
    };
  };
  const run = async (db: AnyDb, params: P): Promise<R[]> => (await db.executeQuery(bound(db, params))).rows;
  return {
    compiled: bound,
    execute: run,
    executeTakeFirst: async (db, params) => (await run(db, params))[0],
    positionalSql: (db) => {
      const { sql, parameters } = compiledFor(db);
      if (parameters.some((value, index) => !(value instanceof Slot) || value.key !== String(index))) {
        throw new Error("prepared query: its values are not given by position");
      }
      return sql;
    },
  };
}

/**
 * Prepared queries for a query with optional parts: one per shape (which parts a call uses, as a
 * small object of flags and counts), each built and compiled the first time that shape is run.
 */
export function preparedQueryByShape<Shape extends Record<string, boolean | number | string>, P extends object, R>(
  build: (shape: Shape) => (db: AnyDb, params: P) => Compilable<R>,
): (shape: Shape) => PreparedQuery<P, R> {
  const byShape = new Map<string, PreparedQuery<P, R>>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let query = byShape.get(key);
    if (!query) {
      query = preparedQuery(build(shape));
      byShape.set(key, query);
    }
    return query;
  };
}
