// Audit rows go to the log through one function, appendAuditEvents, always inside a transaction:
// the change's own (the row commits exactly when the change does), or one of its own for an
// event that records no change (a read, a refusal). Writes are grouped into shared commits by
// the database layer, not here.
import { appendAuditEvents, type AuditEvent, type AuditKey, type ClinicDb, type Database, type Transaction } from "@halcyon/db";
import type { AuditSink } from "../context";

export class AuditWriter implements AuditSink {
  readonly #db: ClinicDb;
  readonly #key: AuditKey;

  constructor(db: ClinicDb, key: AuditKey) {
    this.#db = db;
    this.#key = key;
  }

  record(event: AuditEvent): Promise<void> {
    return this.#db.transaction().execute((trx) => this.recordIn(trx, event));
  }

  recordIn(trx: Transaction<Database>, event: AuditEvent): Promise<void> {
    return appendAuditEvents(trx, this.#key, [event]);
  }
}
