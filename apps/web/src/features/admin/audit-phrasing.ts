// The audit log in words: what each entry says happened, for the dashboard's recent activity and
// the system log. Facts only (who, what kind of record, how it ended), never a record's content.
import { quoteTypedText } from "@halcyon/domain/rules";
import type { AuditEntryView } from "@halcyon/domain/schemas";

export type AuditOutcome = AuditEntryView["outcome"];

/** Everything about the actor the log knows, plus whether they are a doctor (for "Dr. Vance"). */
export type PhrasingContext = {
  /** Ids of the clinic's doctors: they are named "Dr. Lastname". */
  doctorIds?: ReadonlySet<number>;
  /** Names of accounts an entry may be about ("Dr. Vance"); others are named by number. */
  accountNames?: ReadonlyMap<number, string>;
};

type Phrase = (entry: AuditEntryView, context: PhrasingContext) => string;

const changesOf = (entry: AuditEntryView): string[] => {
  const changes = entry.details?.changes;
  return Array.isArray(changes) ? changes.filter((change): change is string => typeof change === "string") : [];
};

const detail = (entry: AuditEntryView, key: string): string | undefined => {
  const value = entry.details?.[key];
  return typeof value === "string" ? value : undefined;
};

const ROLE_NOUN: Record<string, string> = { patient: "patient", doctor: "doctor", admin: "admin" };

function appointmentChange(entry: AuditEntryView): string {
  const changes = changesOf(entry);
  if (changes.includes("late_cancel")) return "cancelled a session inside the cancellation window";
  if (changes.includes("cancel") || changes.includes("cancelled")) return "cancelled a session";
  if (changes.includes("completed")) return "marked a session complete";
  if (changes.includes("no_show")) return "marked a session as missed";
  if (changes.includes("reschedule")) return "rescheduled a session";
  if (changes.includes("edit")) return "edited a session's details";
  return "updated a session";
}

function accountOf(entry: AuditEntryView, context: PhrasingContext): string {
  if (!entry.targetId) return "an account";
  const name = context.accountNames?.get(Number(entry.targetId));
  return name ? `${name}'s account` : `account #${entry.targetId}`;
}

function userChange(entry: AuditEntryView, context: PhrasingContext): string {
  const changes = changesOf(entry);
  const account = accountOf(entry, context);
  if (changes.includes("deactivated")) return `deactivated ${account}`;
  if (changes.includes("reactivated")) return `reactivated ${account}`;
  const role = changes.find((change) => change.startsWith("role:"));
  if (role) {
    const to = role.split("->")[1] ?? "";
    return `made ${account} ${ROLE_NOUN[to] === "admin" ? "an admin" : `a ${ROLE_NOUN[to] ?? to}`}`;
  }
  const doctorChanges = [changes.includes("specialization") && "specialization", changes.includes("working_hours") && "working hours"].filter(Boolean);
  if (doctorChanges.length > 0) return `updated a doctor's ${doctorChanges.join(" and ")}`;
  if (changes.includes("email")) return `changed the email address of ${account}`;
  return `updated ${account}`;
}

/** Where a refused call was headed, in the clinic's words. */
function refusedArea(entry: AuditEntryView): string {
  const procedure = detail(entry, "procedure") ?? "";
  if (procedure.startsWith("admin")) return "the admin area";
  if (procedure.startsWith("appointments")) return "an appointment";
  if (procedure.startsWith("treatmentSessions")) return "session notes";
  if (procedure.startsWith("messages")) return "a conversation";
  if (procedure.startsWith("patients")) return "patient records";
  if (procedure.startsWith("calendar")) return "a calendar feed";
  if (procedure.startsWith("care")) return "care relationships";
  if (procedure.startsWith("emergencyAccess")) return "emergency access";
  return "a restricted page";
}

/** Refusals of requests from nobody signed in, by reason; a row may stand for many (its count). */
const UNSIGNED_REFUSALS: Record<string, string> = {
  invalid_session: "was refused with a session that had ended or was never issued",
  cross_site: "was refused a change sent from another site",
  websocket: "was refused a live-updates connection",
  sign_ins_in_flight: "was turned away for too many sign-ins at once",
};

function refusal(entry: AuditEntryView): string {
  const unsigned = UNSIGNED_REFUSALS[detail(entry, "reason") ?? ""];
  if (!unsigned) return `was refused access to ${refusedArea(entry)}`;
  const count = Number(entry.details?.count ?? 1);
  return count > 1 ? `${unsigned} (${count} times)` : unsigned;
}

function signIn(entry: AuditEntryView): string {
  if (entry.outcome === "success") return "signed in";
  const reason = detail(entry, "reason");
  if (reason === "deactivated") return "was refused sign-in: the account is deactivated";
  if (reason === "one_time_password_expired") return "was refused sign-in: the one-time password had expired";
  if (reason === "throttled") return "was paused from signing in after repeated attempts";
  return "failed to sign in";
}

/** What the actor did, as a predicate ("signed in", "wrote session notes"). */
/** The consent a row is about: its target is "<kind>:<version>". */
function consentNamed(entry: Pick<AuditEntryView, "targetId">): string {
  return entry.targetId?.startsWith("telehealth") ? "telehealth consent" : "consent to treatment";
}

const PREDICATES: Record<string, Phrase> = {
  "auth.login": signIn,
  "auth.logout": () => "signed out",
  "auth.register": () => "created their account",
  "auth.password_change": (entry) => (entry.outcome === "success" ? "chose a new password" : "entered a wrong current password"),
  "auth.password_reset": (entry, context) => `reset the password of ${accountOf(entry, context)}`,
  "auth.two_step_on": () => "turned on two-step sign-in",
  "auth.two_step_off": () => "turned off two-step sign-in",
  "auth.passkey_add": (entry) => (typeof entry.details?.name === "string" ? `added a passkey named ${quoteTypedText(entry.details.name)}` : "added a passkey"),
  "auth.passkey_remove": () => "removed a passkey",
  "auth.passkey_rename": (entry) =>
    typeof entry.details?.name === "string" ? `renamed a passkey to ${quoteTypedText(entry.details.name)}` : "renamed a passkey",
  "auth.recheck": (entry) =>
    entry.outcome === "success"
      ? `confirmed who they are${detail(entry, "method") === "passkey" ? " with a passkey" : ""}`
      : "failed to confirm who they are when asked",
  "auth.password_reset_request": (entry, context) =>
    entry.outcome === "denied"
      ? "was paused from asking for password links after repeated requests"
      : entry.outcome === "success"
        ? `asked for a link to set a new password for ${accountOf(entry, context)}`
        : "asked for a password link for a name or address no account has",
  "auth.password_reset_link": () => "set a new password with a link from their email",
  "auth.email_change": (entry) => (entry.details?.removed === true ? "removed their email address" : "changed their email address"),
  "auth.email_verify": (entry, context) => `confirmed the email address of ${accountOf(entry, context)}`,
  "auth.report_not_me": (entry, context) => `reported, with its email's link, a change to ${accountOf(entry, context)} they did not make; its sessions ended`,
  "auth.session_end": (entry) =>
    typeof entry.details?.others === "number"
      ? `signed out of ${entry.details.others === 1 ? "1 other session" : `${entry.details.others} other sessions`}`
      : "signed out one of their sessions",
  "access.denied": refusal,
  "user.create": () => "created a patient account",
  "appointment.book": () => "booked a session",
  "appointment.update": appointmentChange,
  "appointment.confirm": () => "confirmed a session from a reminder",
  "appointment.read": () => "viewed appointments",
  "treatment_session.create": () => "wrote session notes",
  "treatment_session.update": () => "changed a draft of session notes",
  "treatment_session.sign": () => "signed session notes",
  "treatment_session.addendum": () => "added an addendum to signed session notes",
  "psychotherapy_note.write": () => "wrote a private psychotherapy note",
  "psychotherapy_note.read": () => "opened a private psychotherapy note",
  "treatment_session.read": () => "viewed session notes",
  "keys.save": (entry) =>
    detail(entry, "change") === "created"
      ? "set up their keys for secure messaging"
      : detail(entry, "change") === "replaced"
        ? "replaced their keys for secure messaging"
        : "sealed their messaging key anew",
  "keys.read": () => "read their sealed messaging key",
  "keys.passkey_seal": () => "let a passkey open their messages",
  "admin.records_key": () => "created the clinic's records key for secure messaging",
  "measure.submit": () => "completed a questionnaire",
  "measure.alert": () => "answered a questionnaire in a way that raised a safety alert",
  "measure.alert_ack": () => "acknowledged a patient's safety alert",
  "measure.assign": () => "asked a patient to complete a questionnaire",
  "measure.read": () => "viewed a patient's questionnaires",
  "diagnosis.create": () => "recorded a diagnosis of a patient",
  "diagnosis.resolve": () => "resolved a diagnosis of a patient",
  "diagnosis.read": () => "viewed a patient's diagnoses",
  "admin.credentials_update": () => "changed a doctor's licence or NPI",
  "billing.estimate_issue": () => "issued a Good Faith Estimate",
  "billing.superbill_issue": () => "issued a monthly superbill",
  "billing.document_download": (entry) => `downloaded a ${detail(entry, "document")?.replace("estimate", "Good Faith Estimate") ?? "billing document"}`,
  "billing.document_details": () => "changed a patient's billing-document details",
  "intake.save": () => "filled in their intake form",
  "intake.read": () => "viewed a patient's intake and consents",
  "record.download": (entry) =>
    entry.actorId !== null && String(entry.actorId) === entry.targetId ? "downloaded their record" : "downloaded a patient's record",
  "consent.sign": (entry) => `signed the ${consentNamed(entry)}`,
  "admin.consent_update": (entry) => `published a new version of the ${consentNamed(entry)}`,
  "messages.seal": (entry) => {
    const count = typeof entry.details?.count === "number" ? entry.details.count : 0;
    return `sealed ${count} earlier ${count === 1 ? "message" : "messages"} that were stored in words`;
  },
  "visit.start": () => "started an instant video visit",
  "visit.join": () => "joined a video visit",
  "visit.admit": () => "admitted their patient to a video visit",
  "visit.leave": () => "left a video visit",
  "visit.end": () => "ended a video visit",
  "message.send": () => "sent a message",
  "attachment.download": () => "downloaded a file from a conversation",
  "message.read": (entry) => (entry.targetId ? "opened a conversation" : "viewed their conversations"),
  "patient.read": () => "viewed the patient list",
  "calendar_feed.create": () => "created a private calendar feed",
  "calendar_feed.revoke": () => "revoked a private calendar feed",
  "admin.user_create": (entry) => {
    const role = ROLE_NOUN[detail(entry, "role") ?? ""];
    return role ? `created ${role === "admin" ? "an admin" : `a ${role}`} account` : "created an account";
  },
  "admin.user_update": userChange,
  "admin.settings_update": () => "updated the clinic's settings",
  "admin.backup": () => "downloaded a database backup",
  "admin.audit_export": () => "exported the system log",
  "admin.sessions_end": (entry, context) => `signed ${accountOf(entry, context)} out everywhere`,
  "admin.two_step_reset": (entry, context) => `reset the two-step sign-in of ${accountOf(entry, context)}`,
  "admin.enrolment_code_issue": (entry, context) => `gave ${accountOf(entry, context)} an enrolment code for two-step sign-in`,
  "admin.read": () => "viewed administrative records",
  "care.read": (entry, context) => `viewed the care team of ${patientOf(entry, context)}`,
  "care.assign": (entry, context) => `assigned a doctor to ${patientOf(entry, context)}`,
  "care.end": (entry, context) =>
    detail(entry, "reason") === "bookings_cancelled"
      ? `ended ${patientOf(entry, context)}'s care with a doctor by cancelling its only bookings`
      : `ended a doctor's care of ${patientOf(entry, context)}`,
  "emergency_access.grant": (entry, context) => `opened ${patientOf(entry, context)}'s record under emergency access`,
  "emergency_access.request": (entry, context) => `asked an admin to approve emergency access to ${patientOf(entry, context)}'s record`,
  "emergency_access.approve": () => "approved a doctor's emergency access to a record, for an hour",
  "emergency_access.read": () => "viewed emergency accesses to review",
  "emergency_access.review": (entry) => (entry.details?.declined === true ? "declined a request for emergency access" : "reviewed an emergency access"),
  "patient_schedule.read": (entry, context) => `checked free times against ${patientOf(entry, context)}'s sessions`,
  "notice.switch": (entry) =>
    `turned ${entry.details?.email === true ? "on" : "off"} email for ${String(entry.details?.topic ?? "a kind of notice")}${entry.details?.by === "link" ? " from an email's unsubscribe link" : ""}`,
  "notice.settings": () => "changed their notice settings",
  "notice.texts": (entry) =>
    `turned text messages ${entry.details?.enabled === true ? "on" : "off"}${entry.details?.by === "reply" ? " by replying to a text" : ""}`,
  "notice.resend": (entry) => `sent notice #${entry.targetId ?? ""} again from the Delivery log`,
  "notice.test_send": () => "sent themselves a test email",
};

function patientOf(entry: AuditEntryView, context: PhrasingContext): string {
  if (!entry.targetId) return "a patient";
  return context.accountNames?.get(Number(entry.targetId)) ?? `patient #${entry.targetId}`;
}

/** "Eleanor Vance (dr.vance)" → "Eleanor Vance"; doctors become "Dr. Vance". */
export function actorDisplayName(entry: Pick<AuditEntryView, "actorId" | "actorName" | "action" | "details">, context: PhrasingContext = {}): string {
  if (entry.actorName) {
    const name = entry.actorName.replace(/\s*\([^)]*\)\s*$/, "").trim();
    if (entry.actorId !== null && context.doctorIds?.has(entry.actorId)) {
      const lastName = name.split(/\s+/).at(-1);
      if (lastName) return `Dr. ${lastName}`;
    }
    return name;
  }
  if (entry.actorId !== null) return `Account #${entry.actorId}`;
  if (entry.action === "auth.password_reset") return "An administrator at the console";
  const username = detail(entry as AuditEntryView, "username");
  // What someone typed as a username, quoted so that it cannot read as part of the sentence.
  return username ? `Someone using ${quoteTypedText(username)}` : "Someone";
}

/** One sentence for an entry: "Alex Morgan signed in", "Dr. Vance wrote session notes". */
export function describeAuditEntry(entry: AuditEntryView, context: PhrasingContext = {}): string {
  const predicate = PREDICATES[entry.action]?.(entry, context) ?? `did “${entry.action}”`;
  return `${actorDisplayName(entry, context)} ${predicate}`;
}

/** The action as a short label for the log's table ("Sign-in", "Session notes written"). */
export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

const ACTION_LABELS: Record<string, string> = {
  "auth.login": "Sign-in",
  "auth.logout": "Sign-out",
  "auth.register": "Registration",
  "auth.password_change": "Password change",
  "auth.password_reset": "Password reset",
  "auth.session_end": "Session ended",
  "auth.two_step_on": "Two-step sign-in on",
  "auth.two_step_off": "Two-step sign-in off",
  "auth.passkey_add": "Passkey added",
  "auth.passkey_remove": "Passkey removed",
  "auth.passkey_rename": "Passkey renamed",
  "auth.recheck": "Re-check",
  "auth.password_reset_request": "Password link asked for",
  "auth.password_reset_link": "Password set with a link",
  "auth.email_change": "Email address changed",
  "auth.email_verify": "Email address confirmed",
  "auth.report_not_me": "Change reported as not theirs",
  "access.denied": "Access refused",
  "user.create": "Patient account created",
  "appointment.book": "Session booked",
  "appointment.update": "Session changed",
  "appointment.confirm": "Session confirmed",
  "appointment.read": "Appointments viewed",
  "treatment_session.create": "Session notes written",
  "treatment_session.update": "Draft notes changed",
  "treatment_session.sign": "Session notes signed",
  "treatment_session.addendum": "Addendum added",
  "psychotherapy_note.write": "Private note written",
  "psychotherapy_note.read": "Private note opened",
  "treatment_session.read": "Session notes viewed",
  "keys.save": "Messaging keys saved",
  "keys.read": "Sealed messaging key read",
  "keys.passkey_seal": "Passkey seal saved",
  "admin.records_key": "Records key created",
  "messages.seal": "Earlier messages sealed",
  "measure.submit": "Questionnaire completed",
  "measure.alert": "Safety alert raised",
  "measure.alert_ack": "Safety alert acknowledged",
  "measure.assign": "Questionnaire requested",
  "measure.read": "Questionnaires viewed",
  "diagnosis.create": "Diagnosis recorded",
  "diagnosis.resolve": "Diagnosis resolved",
  "diagnosis.read": "Diagnoses viewed",
  "admin.credentials_update": "Doctor's licence or NPI changed",
  "billing.estimate_issue": "Good Faith Estimate issued",
  "billing.superbill_issue": "Monthly superbill issued",
  "billing.document_download": "Billing document downloaded",
  "billing.document_details": "Billing-document details changed",
  "intake.save": "Intake form saved",
  "intake.read": "Intake viewed",
  "record.download": "Record downloaded",
  "consent.sign": "Consent signed",
  "admin.consent_update": "Consent text changed",
  "visit.start": "Instant visit started",
  "visit.join": "Visit joined",
  "visit.admit": "Patient admitted",
  "visit.leave": "Visit left",
  "visit.end": "Visit ended",
  "message.send": "Message sent",
  "attachment.download": "File downloaded",
  "message.read": "Messages read",
  "patient.read": "Patient list viewed",
  "calendar_feed.create": "Calendar feed created",
  "calendar_feed.revoke": "Calendar feed revoked",
  "admin.user_create": "Account created by admin",
  "admin.user_update": "Account changed by admin",
  "admin.settings_update": "Settings changed",
  "admin.backup": "Database backup",
  "admin.audit_export": "System log exported",
  "admin.sessions_end": "Sessions ended by an admin",
  "admin.two_step_reset": "Two-step sign-in reset by an admin",
  "admin.enrolment_code_issue": "Enrolment code issued",
  "admin.read": "Admin records viewed",
  "care.read": "Care team viewed",
  "care.assign": "Doctor assigned",
  "care.end": "Care ended",
  "emergency_access.grant": "Emergency access",
  "emergency_access.request": "Emergency access asked for",
  "emergency_access.approve": "Emergency access approved",
  "emergency_access.read": "Emergency accesses viewed",
  "emergency_access.review": "Emergency access reviewed",
  "patient_schedule.read": "Patient's hours checked",
  "notice.switch": "Notice switched",
  "notice.settings": "Notice settings changed",
  "notice.texts": "Texts turned on or off",
  "notice.resend": "Notice sent again",
  "notice.test_send": "Test email sent",
};

/** The action filter's choices: whole families (ending in ".") and single actions, grouped. */
export const ACTION_FILTER_GROUPS: { label: string; options: { value: string; label: string }[] }[] = [
  {
    label: "Families",
    options: [
      { value: "auth.", label: "All sign-in and account events" },
      { value: "access.", label: "All refused access" },
      { value: "appointment.", label: "All appointment events" },
      { value: "treatment_session.", label: "All session-note events" },
      { value: "message.", label: "All message events" },
      { value: "visit.", label: "All video-visit events" },
      { value: "admin.", label: "All admin actions" },
      { value: "care.", label: "All care-relationship events" },
      { value: "emergency_access.", label: "All emergency-access events" },
      { value: "notice.", label: "All notice events" },
    ],
  },
  {
    label: "Sign-in and accounts",
    options: [
      "auth.login",
      "auth.logout",
      "auth.register",
      "auth.password_change",
      "auth.password_reset",
      "auth.password_reset_request",
      "auth.password_reset_link",
      "auth.email_change",
      "auth.email_verify",
      "auth.report_not_me",
      "auth.session_end",
      "auth.two_step_on",
      "auth.two_step_off",
      "auth.passkey_add",
      "auth.passkey_remove",
      "auth.passkey_rename",
      "auth.recheck",
      "keys.save",
      "keys.read",
      "keys.passkey_seal",
      "user.create",
    ].map(option),
  },
  {
    label: "Health records",
    options: [
      "appointment.book",
      "appointment.update",
      "appointment.confirm",
      "appointment.read",
      "treatment_session.create",
      "treatment_session.update",
      "treatment_session.sign",
      "treatment_session.addendum",
      "treatment_session.read",
      "psychotherapy_note.write",
      "psychotherapy_note.read",
      "patient.read",
      "patient_schedule.read",
      "measure.submit",
      "measure.alert",
      "measure.alert_ack",
      "measure.assign",
      "measure.read",
      "diagnosis.create",
      "diagnosis.resolve",
      "diagnosis.read",
      "intake.save",
      "intake.read",
      "consent.sign",
      "record.download",
    ].map(option),
  },
  {
    label: "Care and emergency access",
    options: [
      "care.assign",
      "care.end",
      "care.read",
      "emergency_access.grant",
      "emergency_access.request",
      "emergency_access.approve",
      "emergency_access.review",
      "emergency_access.read",
    ].map(option),
  },
  {
    label: "Messages and calendar",
    options: ["message.send", "message.read", "attachment.download", "messages.seal", "calendar_feed.create", "calendar_feed.revoke"].map(option),
  },
  { label: "Video visits", options: ["visit.start", "visit.join", "visit.admit", "visit.leave", "visit.end"].map(option) },
  { label: "Notices", options: ["notice.switch", "notice.settings", "notice.texts", "notice.resend", "notice.test_send"].map(option) },
  {
    label: "Administration",
    options: [
      "admin.user_create",
      "admin.user_update",
      "admin.settings_update",
      "admin.consent_update",
      "admin.backup",
      "admin.audit_export",
      "admin.sessions_end",
      "admin.two_step_reset",
      "admin.enrolment_code_issue",
      "admin.records_key",
      "access.denied",
    ].map(option),
  },
];

function option(action: string) {
  return { value: action, label: actionLabel(action) };
}

/** The record an entry is about, as "Appointment #12" (never its content). */
export function targetLabel(entry: Pick<AuditEntryView, "targetType" | "targetId">): string | null {
  if (!entry.targetType) return null;
  const noun = TARGET_NOUNS[entry.targetType] ?? entry.targetType.replace(/_/g, " ");
  return entry.targetId ? `${noun} #${entry.targetId}` : noun;
}

const TARGET_NOUNS: Record<string, string> = {
  user: "Account",
  appointment: "Appointment",
  treatment_session: "Session notes",
  message: "Message",
  attachment: "File",
  conversation: "Conversation",
  patient: "Patient",
  doctor: "Doctor",
  settings: "Clinic settings",
  emergency_access: "Emergency access",
  notice: "Notice",
};

export const OUTCOME_LABELS: Record<AuditOutcome, string> = { success: "Succeeded", failure: "Failed", denied: "Refused" };

/** "Chrome on macOS" from a user agent, or the raw text's start when it is unfamiliar. */
export function describeUserAgent(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : /curl\//i.test(userAgent)
            ? "curl"
            : null;
  const system = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Mac OS X|Macintosh/.test(userAgent)
        ? "macOS"
        : /Windows/.test(userAgent)
          ? "Windows"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  return userAgent.length > 40 ? `${userAgent.slice(0, 40)}…` : userAgent;
}

/** "just now", "5 minutes ago", "yesterday", or a date for older entries. */
export function relativeTime(iso: string, now: Date, locale = "en-US"): string {
  const then = new Date(iso);
  const seconds = Math.round((then.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 45) return "just now";
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return format.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return format.format(hours, "hour");
  const days = Math.round(hours / 24);
  if (Math.abs(days) < 7) return format.format(days, "day");
  return then.toLocaleDateString(locale, { month: "short", day: "numeric", year: then.getFullYear() === now.getFullYear() ? undefined : "numeric" });
}

export type ActivityItem = { id: number; sentence: string; occurredAt: string; outcome: AuditOutcome; repeats: number };

/**
 * The dashboard's recent activity: newest first, each entry in words, and a run of the same thing
 * by the same person (a patient paging through their appointments) told once, with a count.
 */
export function recentActivity(entries: readonly AuditEntryView[], limit: number, context: PhrasingContext = {}): ActivityItem[] {
  const items: ActivityItem[] = [];
  for (const entry of entries) {
    const sentence = describeAuditEntry(entry, context);
    const previous = items.at(-1);
    if (previous && previous.sentence === sentence && previous.outcome === entry.outcome) {
      previous.repeats += 1;
      continue;
    }
    if (items.length === limit) break;
    items.push({ id: entry.id, sentence, occurredAt: entry.occurredAt, outcome: entry.outcome, repeats: 1 });
  }
  return items;
}
