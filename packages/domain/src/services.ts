import type { DatabaseHandle } from "@halcyon/db";
import { AuditWriter } from "./audit/audit-writer";
import { RefusalLog } from "./audit/refusals";
import { createAuthThrottles } from "./auth/throttle";
import type { ClinicConfig } from "./config";
import type { AuditSink, ClinicServices } from "./context";
import { createLocalEventBus, type ClinicEventBus } from "./events/clinic-events";
import { OutboxSignal } from "./notices/outbox-signal";
import { createCardGateway } from "./payments/stripe-client";
import { createServerSecrets } from "./secrets";

export interface ClinicServicesOptions {
  database: DatabaseHandle;
  config: ClinicConfig;
  /** The server's secrets key, kept outside the database (see secrets.ts). */
  secretsKey: Buffer;
  now?: () => Date;
  events?: ClinicEventBus;
  /** Where audit events go; the audit log unless a benchmark measures the cost of it. */
  audit?: AuditSink;
}

export function createClinicServices({ database, config, secretsKey, now, events, audit }: ClinicServicesOptions): ClinicServices {
  const auditSink = audit ?? new AuditWriter(database.db, database.auditKey);
  const clock = now ?? (() => new Date());
  return {
    db: database.db,
    dbKind: database.kind,
    // A copy: settings changed at run time update it in place (see admin/settings.ts).
    config: structuredClone(config),
    throttles: createAuthThrottles(config.signInsAtOncePerAddress),
    secrets: createServerSecrets(secretsKey),
    events: events ?? createLocalEventBus(),
    audit: auditSink,
    refusals: new RefusalLog({ audit: auditSink, now: clock }),
    outbox: new OutboxSignal(),
    cards: config.cardPayments ? createCardGateway(config.cardPayments) : null,
    now: clock,
  };
}
