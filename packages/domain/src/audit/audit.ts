import type { AuditEvent } from "@halcyon/db";
import type { ClinicServices, RequestMeta } from "../context";

export type AuditAction =
  | "auth.login"
  | "auth.logout"
  | "auth.register"
  | "auth.password_reset"
  | "auth.password_change"
  | "access.denied"
  | "user.create"
  | "appointment.book"
  | "appointment.update"
  | "treatment_session.create"
  | "calendar_feed.create"
  | "calendar_feed.revoke"
  | "message.send"
  | "appointment.read"
  | "treatment_session.read"
  | "message.read"
  | "patient.read"
  | "admin.user_create"
  | "admin.user_update"
  | "admin.settings_update"
  | "admin.backup"
  | "admin.audit_export"
  | "admin.read";

/**
 * Appends one event to the audit log. Records facts (who, what, which record, from where, how it
 * ended), never content: no passwords, notes or message text.
 */
export async function recordAudit(
  services: Pick<ClinicServices, "audit" | "now">,
  event: Omit<AuditEvent, "occurredAt" | "action" | "ip" | "userAgent"> & { action: AuditAction; request?: RequestMeta },
): Promise<void> {
  const { request, ...rest } = event;
  await services.audit.record({
    ...rest,
    occurredAt: services.now().toISOString(),
    ip: request?.ip ?? null,
    userAgent: request?.userAgent ?? null,
  });
}
