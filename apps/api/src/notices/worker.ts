// The outbox's worker: claims due notices in small batches (a lease, so an instance that stops
// mid-send loses nothing: its notices are taken again when the lease runs out, so one in flight
// at a crash is sent at most twice), sends each through its channel's transport a few at a time,
// and records how each went in one transaction per batch. It looks every second, and at once when
// this instance writes notices (the outbox signal). With several instances on PostgreSQL, each
// claims different rows (packages/db: claimDueNotices), so each notice is sent by one of them.
import {
  anyNoticeDue,
  claimDueNotices,
  readNoticeRecipients,
  recordNoticeOutcomes,
  type ClaimedNotice,
  type NoticeChannel,
  type NoticeOutcome,
  type NoticeRecipientRow,
} from "@halcyon/db";
import { afterFailedAttempt, prepareNotice, type ClinicServices, type PreparedNotice } from "@halcyon/domain";
import type { FastifyBaseLogger } from "fastify";
import { renderEmailHtml, renderEmailText } from "./render-email";
import { SendPacer } from "./send-pacer";
import { TransportError, type NoticeTransport, type OutgoingNotice } from "./transport";

export interface NoticeWorkerOptions {
  services: ClinicServices;
  transports: NoticeTransport[];
  log: FastifyBaseLogger;
  /** How often it looks for due notices when nothing wakes it. */
  pollMs: number;
  /** Notices claimed at once: small, so a claim is short and a batch's lease is never near its end. */
  batchSize: number;
  /** Notices in flight at once (the mail pool's connections). */
  concurrency: number;
  /** How long a claim lasts: longer than any batch takes, even against a server that times out. */
  leaseMs: number;
}

export const NOT_CONFIGURED: Record<NoticeChannel, string> = {
  email: "No mail server is configured (SMTP_URL).",
  sms: "No text-message provider is configured.",
};

/** After a wake, how long to let the writing transaction commit before looking. */
const WAKE_DELAY_MS = 20;
/** At shutdown, how long a batch in flight may take before its connections are closed under it. */
const STOP_GRACE_MS = 5_000;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class NoticeWorker {
  readonly #options: NoticeWorkerOptions;
  readonly #transports: Map<NoticeChannel, NoticeTransport>;
  readonly #pacers = new Map<NoticeChannel, SendPacer>();
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Infinity;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(options: NoticeWorkerOptions) {
    this.#options = options;
    this.#transports = new Map(options.transports.map((transport) => [transport.channel, transport]));
    for (const { channel, perSecond } of options.transports) if (perSecond !== undefined) this.#pacers.set(channel, new SendPacer(perSecond));
  }

  start(): void {
    this.#schedule(0);
  }

  /** Notices were just written here: look soon rather than at the next poll. */
  wake(): void {
    if (this.#running) this.#again = true;
    else this.#schedule(WAKE_DELAY_MS);
  }

  /** Resolves once nothing due is left unsent (tests), or at once when stopped. */
  async idle(): Promise<void> {
    while (!this.#stopped && (this.#running || (await anyNoticeDue(this.#options.services.db, this.#now())))) {
      if (!this.#running) this.#schedule(0);
      await (this.#running ?? new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    const running = this.#running;
    if (running) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS)))]);
      clearTimeout(timer);
    }
    // Closing the transports fails whatever still waits on a server; the batch then records it.
    for (const transport of this.#transports.values()) await transport.close?.();
    await running;
  }

  #now(): string {
    return this.#options.services.now().toISOString();
  }

  #schedule(delayMs: number): void {
    if (this.#stopped) return;
    const at = Date.now() + delayMs;
    if (this.#timer && this.#timerAt <= at) return;
    clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timerAt = Infinity;
      this.#run();
    }, delayMs);
    // The poll alone never keeps the process alive.
    this.#timer.unref();
  }

  #run(): void {
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#passes()
      .catch((error: unknown) => this.#options.log.error({ err: error }, "the notice worker could not look at the outbox"))
      .finally(() => {
        this.#running = undefined;
        this.#schedule(this.#again ? 0 : this.#options.pollMs);
        this.#again = false;
      });
  }

  /** Sends batch after batch until nothing is due. */
  async #passes(): Promise<void> {
    const { services, batchSize, leaseMs } = this.#options;
    // A read first, so an idle poll writes nothing (on SQLite, a write is a commit and an fsync).
    if (!(await anyNoticeDue(services.db, this.#now()))) return;
    while (!this.#stopped) {
      const now = services.now();
      const batch = await claimDueNotices(services.db, {
        now: now.toISOString(),
        leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
        limit: batchSize,
      });
      if (batch.length === 0) return;
      await this.#deliver(batch);
      // Requests waiting on the event loop go before the next batch.
      await nextTurn();
    }
  }

  async #deliver(batch: ClaimedNotice[]): Promise<void> {
    const { services, concurrency } = this.#options;
    const userIds = batch.flatMap((notice) => (notice.userId === null ? [] : [notice.userId]));
    const recipients = new Map((await readNoticeRecipients(services.db, userIds)).map((recipient) => [recipient.id, recipient]));
    const outcomes: NoticeOutcome[] = [];
    const queue = [...batch];
    // Set when a server cannot be reached: the rest of the batch fails with the same reason at
    // once instead of each waiting out its own timeout (the lease stays far from its end).
    const unreachable = new Map<NoticeChannel, string>();
    const lane = async () => {
      for (let notice = queue.shift(); notice; notice = queue.shift()) {
        outcomes.push(await this.#attempt(notice, notice.userId === null ? undefined : recipients.get(notice.userId), unreachable));
        // Composing, rendering and handing a message to the pool is synchronous work, and the
        // lanes' answers often arrive together: requests waiting on the event loop go between.
        await nextTurn();
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, lane));
    await recordNoticeOutcomes(services.db, outcomes, this.#now());
    const given = outcomes.filter((outcome) => outcome.status === "given_up");
    for (const outcome of given) this.#options.log.warn({ notice: outcome.id, reason: outcome.result }, "gave up sending a notice");
  }

  async #attempt(notice: ClaimedNotice, recipient: NoticeRecipientRow | undefined, unreachable: Map<NoticeChannel, string>): Promise<NoticeOutcome> {
    const transport = this.#transports.get(notice.channel);
    if (!transport) return { id: notice.id, status: "unsent", result: NOT_CONFIGURED[notice.channel] };
    let prepared: PreparedNotice | { unsent: string };
    try {
      prepared = prepareNotice(this.#options.services, notice, recipient);
    } catch (error) {
      // Params a kind cannot compose will not compose next time either.
      this.#options.log.error({ err: error, notice: notice.id }, "could not compose a notice");
      return { id: notice.id, status: "given_up", result: "Could not be composed: its facts do not fit its kind any more." };
    }
    if ("unsent" in prepared) return { id: notice.id, status: "unsent", result: prepared.unsent };
    const down = unreachable.get(notice.channel);
    if (down) return this.#failed(notice, new TransportError(down, "unreachable"));
    try {
      await this.#pacers.get(notice.channel)?.turn();
      const { reply } = await transport.send(await this.#render(notice, prepared, recipient));
      return { id: notice.id, status: "sent", result: reply };
    } catch (error) {
      const failure = error instanceof TransportError ? error : new TransportError((error as Error).message || String(error), "temporary");
      if (failure.kind === "unreachable") unreachable.set(notice.channel, failure.message);
      return this.#failed(notice, failure);
    }
  }

  #failed(notice: ClaimedNotice, failure: TransportError): NoticeOutcome {
    const next = afterFailedAttempt(notice.attempts, failure.kind === "refused", this.#options.services.now());
    return next.giveUp
      ? { id: notice.id, status: "given_up", result: failure.message }
      : { id: notice.id, status: "failed", result: failure.message, nextAttemptAt: next.nextAttemptAt };
  }

  async #render(notice: ClaimedNotice, prepared: PreparedNotice, recipient: NoticeRecipientRow | undefined): Promise<OutgoingNotice> {
    const { config } = this.#options.services;
    const frame = {
      clinicName: config.clinicName,
      publicOrigin: config.publicOrigin,
      essential: prepared.spec.essential,
      guest: prepared.spec.guests === true,
    };
    const email = notice.channel === "email";
    return {
      id: notice.id,
      kind: notice.kind,
      channel: notice.channel,
      to: notice.toAddress,
      // An address with no account (an invitation to make one) is written to by no name.
      toName: recipient?.firstName ?? "",
      subject: prepared.content.subject,
      content: prepared.content,
      ...(prepared.unsubscribeUrl && email ? { unsubscribeUrl: prepared.unsubscribeUrl } : {}),
      ...(email ? { html: await renderEmailHtml(prepared.content, frame) } : {}),
      text: email ? renderEmailText(prepared.content, frame) : (prepared.content.text ?? prepared.content.subject),
    };
  }
}
