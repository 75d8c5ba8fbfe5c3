// Table types for Kysely. Column names are snake_case as stored; repositories turn rows into
// camelCase domain objects. Instants are stored in UTC and always read back as ISO-8601 strings
// (SQLite stores the string; PostgreSQL's timestamptz is parsed to one, see connect.ts).
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

export type Instant = ColumnType<string, string, string>;
export type UserRole = "patient" | "doctor" | "admin";
export type AppointmentStatus = "scheduled" | "completed" | "cancelled" | "no_show";
export type AuditOutcome = "success" | "failure" | "denied";

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** Lower-cased username: the unique key, so "Alex" and "alex" cannot both exist. */
  username_key: string;
  password_hash: string;
  email: string | null;
  first_name: string;
  last_name: string;
  phone_number: string;
  /** Calendar date, YYYY-MM-DD: a birthday has no time zone. */
  date_of_birth: string;
  role: UserRole;
  profile_image_url: string | null;
  created_at: Instant;
  deactivated_at: Instant | null;
  /** 1 until the user replaces a one-time password given to them by staff. */
  must_change_password: Generated<number>;
  /** When the one-time password stops signing anyone in; null once the user has their own. */
  one_time_password_expires_at: Instant | null;
  /** The version of the password rules the password in use was last judged by. */
  password_rules_version: Generated<number>;
  /** 1 while the member has a confirmed second step (kept with the factors, in their transactions). */
  two_step_enabled: Generated<number>;
  /** The user handle of the member's passkeys: 32 random bytes, base64url; made at their first passkey. */
  passkey_handle: string | null;
}

export type AccountNoticeKind = "password_review" | "two_step_reset";

/** Something to tell a member once, at their next visit, until they dismiss it or act on it. */
export interface AccountNoticesTable {
  user_id: number;
  kind: AccountNoticeKind;
  created_at: Instant;
}

export interface DoctorProfilesTable {
  user_id: number;
  specialization: string;
  bio: string | null;
}

export interface LoginSessionsTable {
  /** SHA-256 of the cookie's token: a stolen database cannot be replayed as cookies. */
  id_hash: string;
  user_id: number;
  created_at: Instant;
  last_seen_at: Instant;
  /** The absolute end of the session, whatever its activity. */
  expires_at: Instant;
  ip: string | null;
  user_agent: string | null;
  /** When the member last proved who they are in this session (password or second step). */
  verified_at: Instant | null;
}

export interface TotpFactorsTable {
  user_id: number;
  secret: string;
  confirmed_at: Instant | null;
  last_time_step: number | null;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  sign_count: number;
  transports: string;
  name: string;
  created_at: Instant;
  last_used_at: Instant | null;
}

export interface WebauthnChallengesTable {
  challenge: string;
  purpose: "register" | "assert";
  user_id: number | null;
  expires_at: Instant;
}

export interface VisitsTable {
  id: Generated<number>;
  appointment_id: number | null;
  doctor_id: number;
  patient_id: number;
  opens_at: Instant;
  closes_at: Instant | null;
  created_at: Instant;
  started_at: Instant | null;
  ended_at: Instant | null;
}

/** A patient's answers to an outcome measure, scored by the server. */
export interface MeasuresTable {
  id: Generated<number>;
  patient_id: number;
  instrument: string;
  /** JSON: the answers in item order. */
  answers: string;
  score: number;
  band: string;
  created_at: Instant;
}

/** A doctor's request that their patient complete a measure, once or before every session. */
export interface MeasureAssignmentsTable {
  id: Generated<number>;
  patient_id: number;
  doctor_id: number;
  instrument: string;
  cadence: "once" | "before_every_session";
  created_at: Instant;
  ended_at: Instant | null;
}

/** A PHQ-9's safety alert (item 9 above 0), open until a doctor acknowledges it with a note. */
export interface MeasureAlertsTable {
  id: Generated<number>;
  measure_id: number;
  patient_id: number;
  created_at: Instant;
  acknowledged_by: number | null;
  acknowledged_at: Instant | null;
  note: string | null;
}

/** A file sealed in the sender's browser: its ciphertext, carried by one message once sent. */
export interface AttachmentsTable {
  id: Generated<number>;
  uploader_id: number;
  message_id: number | null;
  /** Bytes of ciphertext. */
  size: number;
  ciphertext: Uint8Array;
  created_at: Instant;
}

export interface MemberKeysTable {
  user_id: number;
  kid: string;
  /** The public JWK, as JSON. */
  public_key: string;
  sealed_private_key: string;
  sealed_recovery_key: string;
  created_at: Instant;
}

export interface RecordsKeyTable {
  id: number;
  kid: string;
  public_key: string;
  created_by: number | null;
  created_at: Instant;
}

export interface VisitPresenceTable {
  visit_id: number;
  user_id: number;
  socket_id: string;
  joined_at: Instant;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
}

export interface PendingSignInsTable {
  id_hash: string;
  user_id: number;
  expires_at: Instant;
}

export interface AppointmentsTable {
  id: Generated<number>;
  patient_id: number;
  doctor_id: number;
  title: string;
  description: string | null;
  start_time: Instant;
  end_time: Instant;
  status: AppointmentStatus;
  notes: string | null;
  created_at: Instant;
  updated_at: Instant;
  cancelled_at: Instant | null;
  cancelled_by: number | null;
  /** 1 when a patient cancelled inside the cancellation window. */
  late_cancellation: Generated<number>;
}

export interface TreatmentSessionsTable {
  id: Generated<number>;
  appointment_id: number | null;
  patient_id: number;
  doctor_id: number;
  progress_rating: number;
  session_notes: string;
  created_at: Instant;
  /** The SOAP template's four sections; empty until written. */
  subjective: Generated<string>;
  objective: Generated<string>;
  assessment: Generated<string>;
  plan: Generated<string>;
  /** Set once, when the note is signed; a signed note never changes again. */
  signed_at: Instant | null;
  signed_by: number | null;
  /** SHA-256 (hex) of the signed content, as contentHashOf in the domain computes it. */
  content_hash: string | null;
}

export interface SessionAddendaTable {
  id: Generated<number>;
  session_id: number;
  author_id: number;
  body: string;
  created_at: Instant;
}

export type ConsentKind = "treatment" | "telehealth";

/** One version of a consent form: never changed once written; a new text is a new version. */
export interface ConsentDocumentsTable {
  id: Generated<number>;
  kind: ConsentKind;
  version: number;
  body: string;
  body_hash: string;
  created_by: number | null;
  created_at: Instant;
}

export interface ConsentSignaturesTable {
  id: Generated<number>;
  patient_id: number;
  document_id: number;
  typed_name: string;
  body_hash: string;
  ip: string | null;
  signed_at: Instant;
}

export interface IntakeFormsTable {
  patient_id: number;
  reason: string;
  medications: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  updated_at: Instant;
}

/** The private psychotherapy note of a session: read by its author only, never exported. */
export interface PsychotherapyNotesTable {
  session_id: number;
  author_id: number;
  body: string;
  updated_at: Instant;
}

export interface MessagesTable {
  id: Generated<number>;
  sender_id: number;
  receiver_id: number;
  content: string;
  /** Id chosen by the sending client, so a retried send cannot create a duplicate. */
  client_id: string | null;
  created_at: Instant;
  read_at: Instant | null;
  /** The conversation: the lower and the higher of the two user ids. */
  pair_low: number | null;
  pair_high: number | null;
}

/** One row per person per conversation partner. */
export interface ConversationsTable {
  owner_id: number;
  partner_id: number;
  last_message_id: number;
  unread_count: Generated<number>;
  last_read_message_id: Generated<number>;
}

export interface AuditLogTable {
  id: Generated<number>;
  occurred_at: Instant;
  actor_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: AuditOutcome;
  ip: string | null;
  user_agent: string | null;
  /** JSON with facts about the event, never health content or secrets. */
  details: string | null;
  /** The hash chain: this row's hash covers its content and the previous row's hash. */
  prev_hash: string | null;
  hash: string | null;
}

export interface ClinicSettingsTable {
  key: string;
  /** JSON. */
  value: string;
  updated_at: Instant;
  updated_by: number | null;
}

/** Kept by triggers on users: the accounts of each role, active and deactivated. */
export interface UserCountsTable {
  role: UserRole;
  active: number;
  deactivated: number;
}

export interface WorkingHoursTable {
  doctor_id: number;
  /** 0 = Sunday … 6 = Saturday, as Date#getDay. */
  weekday: number;
  /** Minutes after local midnight in the clinic's time zone. */
  start_minute: number;
  end_minute: number;
}

/** How a patient came into a doctor's care. */
export type CareOrigin = "booking" | "doctor" | "admin";

export interface CareRelationshipsTable {
  doctor_id: number;
  patient_id: number;
  since: Instant;
  /**
   * booking: the patient booked (or an admin booked for them), ends when every booking of the
   * pair is cancelled; doctor: the doctor opened the patient's account; admin: an admin assigned
   * the doctor. The last two last until an admin ends them.
   */
  origin: Generated<CareOrigin>;
}

/** A doctor's emergency access to the record of a patient not in their care. */
export interface EmergencyAccessTable {
  id: Generated<number>;
  doctor_id: number;
  patient_id: number;
  /** The doctor's written reason, for the admin who reviews it. */
  reason: string;
  granted_at: Instant;
  expires_at: Instant;
  reviewed_at: Instant | null;
  reviewed_by: number | null;
}

export interface CalendarFeedsTable {
  user_id: number;
  /** SHA-256 of the feed's token; the token itself is shown to its owner once. */
  token_hash: string;
  created_at: Instant;
}

/** One attempt counted by a throttle rule (see domain/src/auth/throttle.ts). */
export interface ThrottleHitsTable {
  id: Generated<number>;
  /** The rule: "sign_in_account", "sign_in_address" or "registration_address". */
  scope: string;
  /** Whom the rule counts: a username key or a client address. */
  key: string;
  at: Instant;
}

export interface Database {
  users: UsersTable;
  account_notices: AccountNoticesTable;
  doctor_profiles: DoctorProfilesTable;
  login_sessions: LoginSessionsTable;
  appointments: AppointmentsTable;
  treatment_sessions: TreatmentSessionsTable;
  session_addenda: SessionAddendaTable;
  psychotherapy_notes: PsychotherapyNotesTable;
  consent_documents: ConsentDocumentsTable;
  consent_signatures: ConsentSignaturesTable;
  intake_forms: IntakeFormsTable;
  messages: MessagesTable;
  audit_log: AuditLogTable;
  working_hours: WorkingHoursTable;
  care_relationships: CareRelationshipsTable;
  emergency_access: EmergencyAccessTable;
  calendar_feeds: CalendarFeedsTable;
  conversations: ConversationsTable;
  clinic_settings: ClinicSettingsTable;
  user_counts: UserCountsTable;
  throttle_hits: ThrottleHitsTable;
  audit_chain_keying: AuditChainKeyingTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  visits: VisitsTable;
  visit_presence: VisitPresenceTable;
  member_keys: MemberKeysTable;
  records_key: RecordsKeyTable;
  attachments: AttachmentsTable;
  measures: MeasuresTable;
  measure_assignments: MeasureAssignmentsTable;
  measure_alerts: MeasureAlertsTable;
  pending_sign_ins: PendingSignInsTable;
}

/** The one-time relinking of the audit chain under its key (see the keyed-audit-chain migration). */
export interface AuditChainKeyingTable {
  keyed_at: string;
  rows_relinked: number;
  unkeyed_chain_broken_row: number | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type LoginSessionRow = Selectable<LoginSessionsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type NewAuditLogRow = Insertable<AuditLogTable>;
