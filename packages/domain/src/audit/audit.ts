import type { AuditEvent, Database, Transaction } from "@halcyon/db";
import type { ClinicServices, RequestMeta } from "../context";

export type AuditAction =
  | "auth.login"
  | "auth.logout"
  | "auth.register"
  | "auth.password_reset"
  | "auth.password_change"
  | "auth.session_end"
  | "auth.two_step_on"
  | "auth.two_step_off"
  | "auth.passkey_add"
  | "auth.passkey_remove"
  | "auth.passkey_rename"
  | "auth.recheck"
  | "auth.password_reset_request"
  | "auth.password_reset_link"
  | "auth.email_change"
  | "auth.email_verify"
  | "auth.report_not_me"
  | "access.denied"
  | "user.create"
  | "appointment.book"
  | "appointment.update"
  | "appointment.confirm"
  | "treatment_session.create"
  | "treatment_session.update"
  | "treatment_session.sign"
  | "treatment_session.addendum"
  | "psychotherapy_note.write"
  | "psychotherapy_note.read"
  | "calendar_feed.create"
  | "calendar_feed.revoke"
  | "message.send"
  | "attachment.download"
  | "appointment.read"
  | "treatment_session.read"
  | "message.read"
  | "keys.save"
  | "keys.read"
  | "keys.passkey_seal"
  | "messages.seal"
  | "measure.submit"
  | "measure.alert"
  | "measure.alert_ack"
  | "measure.assign"
  | "measure.read"
  | "intake.save"
  | "intake.read"
  | "consent.sign"
  | "record.download"
  | "admin.consent_update"
  | "admin.records_key"
  | "visit.start"
  | "visit.join"
  | "visit.admit"
  | "visit.leave"
  | "visit.end"
  | "patient.read"
  | "admin.user_create"
  | "admin.user_update"
  | "admin.settings_update"
  | "admin.backup"
  | "admin.audit_export"
  | "admin.sessions_end"
  | "admin.two_step_reset"
  | "admin.enrolment_code_issue"
  | "admin.read"
  | "care.read"
  | "care.assign"
  | "care.end"
  | "emergency_access.grant"
  | "emergency_access.request"
  | "emergency_access.approve"
  | "emergency_access.read"
  | "emergency_access.review"
  | "patient_schedule.read"
  | "notice.switch"
  | "notice.settings"
  | "notice.texts"
  | "notice.resend"
  | "notice.test_send"
  | "billing.card_checkout"
  | "billing.card_consent"
  | "billing.card_save"
  | "billing.card_collect"
  | "billing.card_refund"
  | "billing.service_save"
  | "billing.rate_set"
  | "billing.charge"
  | "billing.fee_pending"
  | "billing.fee_approve"
  | "billing.fee_waive"
  | "billing.adjustment"
  | "billing.reversal"
  | "billing.invoice_issue"
  | "billing.payment"
  | "billing.refund"
  | "billing.read"
  | "billing.receivables_export"
  | "diagnosis.create"
  | "diagnosis.resolve"
  | "diagnosis.read"
  | "admin.credentials_update"
  | "billing.estimate_issue"
  | "billing.superbill_issue"
  | "billing.document_download"
  | "billing.document_details"
  | "waitlist.join"
  | "waitlist.leave"
  | "waitlist.read"
  | "waitlist.offer"
  | "waitlist.decline"
  | "party.invite"
  | "party.accept"
  | "party.decline"
  | "group.create"
  | "group.cancel"
  | "party_note.read"
  | "party_note.write"
  | "party_note.sign"
  | "party_note.share"
  | "party_note.unshare";

/**
 * Appends one event to the audit log. Records facts (who, what, which record, from where, how it
 * ended), never content: no passwords, notes or message text. Given the transaction of the change
 * it records, the event commits with that change, in the same commit (one fsync, not two).
 */
export async function recordAudit(services: Pick<ClinicServices, "audit" | "now">, event: AuditFacts, within?: Transaction<Database>): Promise<void> {
  const entry = auditEvent(services, event);
  await (within ? services.audit.recordIn(within, entry) : services.audit.record(entry));
}

type AuditFacts = Omit<AuditEvent, "occurredAt" | "action" | "ip" | "userAgent"> & { action: AuditAction; request?: RequestMeta };

/** The audit row of `event`, as of now. */
function auditEvent(services: Pick<ClinicServices, "now">, event: AuditFacts): AuditEvent {
  // Field by field: a rest-and-spread copy cost more than the rest of recordAudit (every read of
  // health data comes through here).
  return {
    occurredAt: services.now().toISOString(),
    actorId: event.actorId,
    action: event.action,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    outcome: event.outcome,
    ip: event.request?.ip ?? null,
    userAgent: event.request?.userAgent ?? null,
    details: event.details ?? null,
  };
}
