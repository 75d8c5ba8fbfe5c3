// Group commit, the one place writes are grouped. A write transaction on SQLite costs little
// until it commits: the COMMIT appends every page it touched to the WAL, and making that durable
// costs an fsync. So the transactions of a moment share one SQLite transaction: the first opens
// it (BEGIN IMMEDIATE), each runs inside as a savepoint (undone alone if it fails), and the group
// commits once the disk is free, that is at once when no fsync is running, else when it ends.
// Every member is answered only after the group's COMMIT and its fsync: none is told it is done
// before it is on the disk. The fsync runs in the disk thread, so the event loop never waits on it.
import { CompiledQuery } from "kysely";
import type { SqliteConnection } from "./connection";

const BEGIN = CompiledQuery.raw("begin immediate");
const COMMIT = CompiledQuery.raw("commit");
const ROLLBACK = CompiledQuery.raw("rollback");
const SAVEPOINT = CompiledQuery.raw("savepoint member");
const RELEASE = CompiledQuery.raw("release member");
const ROLLBACK_TO = CompiledQuery.raw("rollback to member");

interface Member {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** One holder of the writer at a time, in the order they asked. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.#tail.then(() => release);
    this.#tail = held;
    return acquired;
  }
}

export class CommitGroups {
  readonly #writer: SqliteConnection;
  readonly #mutex: Mutex;
  readonly #sync: () => Promise<void>;
  /** The members of the open group (its BEGIN is done), until it commits. */
  #open: Member[] | undefined;
  #committing = false;

  /** `sync` makes everything written to the WAL so far durable (one fsync). */
  constructor(writer: SqliteConnection, mutex: Mutex, sync: () => Promise<void>) {
    this.#writer = writer;
    this.#mutex = mutex;
    this.#sync = sync;
  }

  /** Starts a member transaction; the caller holds the writer. */
  enter(): void {
    if (!this.#open) {
      this.#writer.run(BEGIN);
      this.#open = [];
      if (!this.#committing) setImmediate(() => void this.#commit());
    }
    this.#writer.run(SAVEPOINT);
  }

  /**
   * Keeps a member's work in the group; the caller holds the writer, and lets it go before it
   * waits on the answer, which comes once the group is durable.
   */
  leave(): Promise<void> {
    this.#writer.run(RELEASE);
    return new Promise((resolve, reject) => this.#open!.push({ resolve, reject }));
  }

  /** Undoes a member's work alone; the caller holds the writer. */
  undo(): void {
    // Some errors (a full disk, say) make SQLite end the whole transaction: the group is lost.
    if (!this.#writer.db.inTransaction) return this.#lose(new Error("the transaction was ended by the database after an error; nothing was saved"));
    this.#writer.run(ROLLBACK_TO);
    this.#writer.run(RELEASE);
  }

  async #commit(): Promise<void> {
    this.#committing = true;
    const release = await this.#mutex.lock();
    const members = this.#open ?? [];
    this.#open = undefined;
    try {
      if (this.#writer.db.inTransaction) this.#writer.run(COMMIT);
    } catch (error) {
      if (this.#writer.db.inTransaction) this.#writer.run(ROLLBACK);
      for (const member of members) member.reject(error);
      members.length = 0;
    } finally {
      release();
    }
    try {
      if (members.length > 0) await this.#sync();
      for (const member of members) member.resolve();
    } catch (error) {
      for (const member of members) member.reject(error);
    }
    this.#committing = false;
    // The group that opened while this one was on its way to the disk commits now.
    if (this.#open) void this.#commit();
  }

  #lose(error: Error): void {
    for (const member of this.#open ?? []) member.reject(error);
    this.#open = undefined;
  }
}
