// Reads of health data leave a trace too: who read which records, never what they said.
import type { RequestContext } from "../context";
import type { User } from "@halcyon/db";
import { recordAudit, type AuditAction } from "./audit";

const MAX_IDS_RECORDED = 100;

export async function auditRead(
  ctx: RequestContext & { user: User },
  action: Extract<AuditAction, `${string}.read`>,
  target: { type: string; id?: number | null },
  recordIds: number[],
  /** More facts of the read (e.g. that it was made under emergency access). */
  facts?: Record<string, unknown>,
): Promise<void> {
  const details: Record<string, unknown> = { count: recordIds.length, ids: recordIds.slice(0, MAX_IDS_RECORDED) };
  if (facts) Object.assign(details, facts);
  await recordAudit(ctx, {
    actorId: ctx.user.id,
    action,
    outcome: "success",
    targetType: target.type,
    targetId: target.id ?? null,
    request: ctx.request,
    details,
  });
}
