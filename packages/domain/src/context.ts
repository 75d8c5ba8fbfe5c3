import type { ClinicDb, Database, DatabaseKind, Transaction, User } from "@halcyon/db";
import type { RefusalLog } from "./audit/refusals";
import type { AuthThrottles } from "./auth/throttle";
import type { ClinicConfig } from "./config";
import type { ClinicEventBus } from "./events/clinic-events";
import type { OutboxSignal } from "./notices/outbox-signal";
import type { CardGateway } from "./payments/stripe-client";
import type { ServerSecrets } from "./secrets";
import type { AuditEvent } from "@halcyon/db";

/** Takes audit events. */
export interface AuditSink {
  /** On its own; resolves once the event is durable. */
  record(event: AuditEvent): Promise<void>;
  /** Inside the caller's transaction: durable when, and only if, the change it records is. */
  recordIn(trx: Transaction<Database>, event: AuditEvent): Promise<void>;
}

/** What lives as long as the server: built once at start, shared by every request. */
export interface ClinicServices {
  db: ClinicDb;
  dbKind: DatabaseKind;
  config: ClinicConfig;
  throttles: AuthThrottles;
  /** Keys derived from the server's secrets key, which no database copy holds. */
  secrets: ServerSecrets;
  events: ClinicEventBus;
  audit: AuditSink;
  /** Refused requests from nobody signed in, audited without a row per request. */
  refusals: RefusalLog;
  /** Wakes the notice worker when a change writes notices. */
  outbox: OutboxSignal;
  /** Stripe's client and webhook secret when the clinic takes cards (config.cardPayments), else null. */
  cards: CardGateway | null;
  now: () => Date;
}

/** How a procedure sets or removes the session cookie without knowing the HTTP framework. */
export interface SessionCookieJar {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  /** The clinic's origin as the browser sees it (PUBLIC_ORIGIN, else the request's own): passkeys are bound to it. */
  origin?: string;
}

/** The context of one request, whichever door it came through (tRPC, REST, WebSocket). */
export interface RequestContext extends ClinicServices {
  user: User | null;
  /** The caller's session token, when the session is valid. */
  sessionToken: string | null;
  request: RequestMeta;
  cookies: SessionCookieJar;
  /**
   * The cookie of a sign-in that has passed the password and waits for its second step. It is no
   * session: only the second step (POST /api/login/mfa) reads it.
   */
  pendingSignIn: SessionCookieJar & { token: string | null };
}
