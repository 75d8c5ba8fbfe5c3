// Refused requests from nobody signed in (a dead session cookie, a page of another site, a
// refused socket, a burst of sign-ins) are audited too, but a flood must not write a row per
// request: each source (address and kind of refusal) writes at most one row a minute. The first
// refusal is written at once; the ones that follow within the minute are counted and written as
// one row with their count once the minute is up. Kept in memory per instance: a count not yet
// written when the server stops is written at shutdown.
import type { ClinicServices, RequestMeta } from "../context";
import { recordAudit } from "./audit";

export type RefusalKind =
  /** A request that needed a session and presented a cookie that is none (forged, ended, expired). */
  | "invalid_session"
  /** A state change a browser sent on behalf of another site. */
  | "cross_site"
  /** A WebSocket handshake refused (other site, signed out, too many sockets). */
  | "websocket"
  /** A sign-in turned away because its address already had the most in flight. */
  | "sign_ins_in_flight";

/** Facts about one refusal: never content, never a cookie's value. */
export type RefusalDetails = Record<string, string | number>;

export interface Refusal {
  kind: RefusalKind;
  request: RequestMeta;
  details?: RefusalDetails;
}

export const REFUSAL_WINDOW_MS = 60_000;
/** Sources remembered at once; past this, the oldest is written out early and forgotten. */
const MAX_SOURCES = 10_000;

interface Source {
  /** When this source's last row was written. */
  writtenAt: number;
  /** Refusals since then, not written yet: how many, since when, and the latest of them. */
  pending: number;
  since: number;
  latest: Refusal;
}

export class RefusalLog {
  readonly #services: Pick<ClinicServices, "audit" | "now">;
  readonly #sources = new Map<string, Source>();
  readonly #writing = new Set<Promise<void>>();

  constructor(services: Pick<ClinicServices, "audit" | "now">) {
    this.#services = services;
  }

  /** Audits a refusal: at once if its source wrote nothing in the last minute, else counted for later. */
  async record(refusal: Refusal): Promise<void> {
    const now = this.#services.now().getTime();
    const key = `${refusal.request.ip ?? "unknown"} ${refusal.kind}`;
    const source = this.#sources.get(key);
    if (source && now < source.writtenAt + REFUSAL_WINDOW_MS) {
      if (source.pending === 0) source.since = now;
      source.pending += 1;
      source.latest = refusal;
      return;
    }
    if (!source && this.#sources.size >= MAX_SOURCES) await this.#makeRoom();
    const count = (source?.pending ?? 0) + 1;
    this.#sources.set(key, { writtenAt: now, pending: 0, since: now, latest: refusal });
    await this.#write(refusal, count, source?.pending ? source.since : now);
  }

  /** Writes the counts whose minute is up, and forgets sources that have been quiet for one. */
  async sweep(): Promise<void> {
    const now = this.#services.now().getTime();
    const writes: Promise<void>[] = [];
    for (const [key, source] of this.#sources) {
      if (now < source.writtenAt + REFUSAL_WINDOW_MS) continue;
      if (source.pending === 0) {
        this.#sources.delete(key);
        continue;
      }
      writes.push(this.#write(source.latest, source.pending, source.since));
      this.#sources.set(key, { writtenAt: now, pending: 0, since: now, latest: source.latest });
    }
    await Promise.all(writes);
  }

  /** Writes every count not yet written, whatever its minute (at shutdown). */
  async flush(): Promise<void> {
    const writes = [...this.#sources.values()].filter((source) => source.pending > 0).map((source) => this.#write(source.latest, source.pending, source.since));
    this.#sources.clear();
    await Promise.all([...writes, ...this.#writing]);
  }

  async #makeRoom(): Promise<void> {
    await this.sweep();
    // Still full of live sources: the oldest are written out early rather than grow without bound.
    for (const [key, source] of this.#sources) {
      if (this.#sources.size < MAX_SOURCES) break;
      this.#sources.delete(key);
      if (source.pending > 0) await this.#write(source.latest, source.pending, source.since);
    }
  }

  #write(refusal: Refusal, count: number, since: number): Promise<void> {
    const details = { ...refusal.details, reason: refusal.kind, count, ...(count > 1 ? { since: new Date(since).toISOString() } : {}) };
    const written = recordAudit(this.#services, { actorId: null, action: "access.denied", outcome: "denied", request: refusal.request, details });
    this.#writing.add(written);
    return written.finally(() => this.#writing.delete(written));
  }
}
