// One better-sqlite3 connection, with its statements prepared once (parsing SQL costs more than
// running it).
import Database from "better-sqlite3";
import type { CompiledQuery, QueryResult } from "kysely";

export class SqliteConnection {
  static readonly #CACHE_LIMIT = 500;
  readonly db: Database.Database;
  readonly #statements = new Map<string, Database.Statement>();

  constructor(file: string, pragmas: string[], busyTimeoutMs: number) {
    this.db = new Database(file, { timeout: busyTimeoutMs });
    for (const pragma of pragmas) this.db.pragma(pragma);
  }

  run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.#prepared(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
  }

  #prepared(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      if (this.#statements.size >= SqliteConnection.#CACHE_LIMIT) this.#statements.clear();
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }
}
