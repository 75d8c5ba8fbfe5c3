// Writes audit rows with group commit: a caller waits until its row is durable, but everything
// queued while one transaction is being written goes into the next one, so a busy server pays
// one commit (one fsync) per batch instead of one per request.
import { appendAuditEvents, appendAuditEventsIn, type AuditEvent, type ClinicDb, type Database, type Transaction } from "@halcyon/db";

const MAX_BATCH = 500;

interface Pending {
  event: AuditEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class AuditWriter {
  readonly #db: ClinicDb;
  #queue: Pending[] = [];
  #draining: Promise<void> | undefined;

  constructor(db: ClinicDb) {
    this.#db = db;
  }

  record(event: AuditEvent): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ event, resolve, reject });
      if (!this.#draining) this.#draining = this.#drain();
    });
  }

  /** No batching here: the caller's transaction is the unit that commits. */
  recordIn(trx: Transaction<Database>, event: AuditEvent): Promise<void> {
    return appendAuditEventsIn(trx, [event]);
  }

  async #drain(): Promise<void> {
    // Let the requests already waiting in this turn of the event loop add their events first:
    // the first batch is then as large as the rest, not a lone event paying a commit of its own.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      try {
        await appendAuditEvents(this.#db, batch.map((pending) => pending.event));
        for (const pending of batch) pending.resolve();
      } catch (error) {
        for (const pending of batch) pending.reject(error);
      }
    }
    // No await between the emptiness check above and this line: nothing can slip in unseen.
    this.#draining = undefined;
  }
}
