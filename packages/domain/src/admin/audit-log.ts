import { listAuditEvents, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { csvCell } from "../csv";
import type { AuditEntryView, AuditLogInput } from "./admin.schema";

type Admin = RequestContext & { user: User };

const CSV_MAX_ROWS = 100_000;
const CSV_PAGE = 1_000;

function filterOf(input: AuditLogInput) {
  return {
    ...(input?.actorId !== undefined ? { actorId: input.actorId } : {}),
    ...(input?.action ? { action: input.action } : {}),
    ...(input?.from ? { from: new Date(input.from).toISOString() } : {}),
    ...(input?.to ? { to: new Date(input.to).toISOString() } : {}),
  };
}

/** A page of the log, newest first; pass the last id seen as `before` for the next page. */
export async function auditLogPage(ctx: Admin, input: AuditLogInput): Promise<{ entries: AuditEntryView[]; nextBefore: number | null }> {
  const limit = input?.limit ?? 50;
  const entries = await listAuditEvents(ctx.db, { ...filterOf(input), limit, ...(input?.before ? { beforeId: input.before } : {}) });
  return { entries, nextBefore: entries.length === limit ? (entries.at(-1)?.id ?? null) : null };
}

export async function auditLogCsv(ctx: Admin, input: AuditLogInput): Promise<string> {
  const header = ["id", "occurred_at", "actor_id", "actor", "action", "target_type", "target_id", "outcome", "ip", "user_agent", "details"];
  const lines = [header.join(",")];
  let before: number | undefined;
  while (lines.length - 1 < CSV_MAX_ROWS) {
    const page = await listAuditEvents(ctx.db, { ...filterOf(input), limit: CSV_PAGE, ...(before ? { beforeId: before } : {}) });
    for (const e of page) {
      lines.push(
        [e.id, e.occurredAt, e.actorId, e.actorName, e.action, e.targetType, e.targetId, e.outcome, e.ip, e.userAgent, e.details].map(csvCell).join(","),
      );
    }
    if (page.length < CSV_PAGE) break;
    before = page.at(-1)?.id;
  }
  await recordAudit(ctx, { actorId: ctx.user.id, action: "admin.audit_export", outcome: "success", request: ctx.request, details: { rows: lines.length - 1 } });
  return `${lines.join("\r\n")}\r\n`;
}
