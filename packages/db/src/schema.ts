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
  /** The member's password derivation (JSON: salt, memoryKiB, iterations, parallelism); null while on a pre-split verifier. */
  kdf: string | null;
  /** A pre-split member's old hash's salt and parameters (JSON), once password_hash holds a hash of its bytes. */
  legacy_kdf: string | null;
  /** When the member followed the link sent to `email`; null: the address is never written to. */
  email_verified_at: Instant | null;
  /** The member's own IANA time zone (their browser's), for the times a notice names; null: the clinic's. */
  time_zone: string | null;
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
  /** The clinician's licence as printed on superbills, like "LCSW 123456 (NY)". */
  licence: string | null;
  /** The clinician's individual (type 1) NPI. */
  npi: string | null;
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
  /** Sealed under the server's secrets key ("v1.…"); a row from before is sealed at the next start. */
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

/** A member's private key sealed under a key from one passkey's PRF output. */
export interface PasskeySealsTable {
  passkey_id: number;
  user_id: number;
  sealed_private_key: string;
  created_at: Instant;
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

/** An ICD-10-CM code a doctor recorded for their patient; resolved, never edited or deleted. */
export interface DiagnosesTable {
  id: Generated<number>;
  patient_id: number;
  code: string;
  recorded_by: number | null;
  recorded_at: Instant;
  resolved_by: number | null;
  resolved_at: Instant | null;
}

/** A patient's postal address for billing documents and whether they asked for a monthly superbill. */
export interface PatientBillingDetailsTable {
  patient_id: number;
  postal_address: string | null;
  monthly_superbill: Generated<number>;
  updated_at: Instant;
}

/** A Good Faith Estimate as issued: its content (JSON) never changes after. */
export interface GoodFaithEstimatesTable {
  id: Generated<number>;
  patient_id: number;
  issued_at: Instant;
  reason: "first_booking" | "changed";
  /** JSON: the fees it was made from. */
  basis: string;
  /** JSON: the estimate as issued. */
  content: string;
  total_minor: number;
  currency: string;
}

/** When a patient's estimate was last looked at (issued or found unchanged): the sweep looks again only after a change. */
export interface EstimateReviewsTable {
  patient_id: number;
  reviewed_at: Instant;
}

/** A monthly superbill issued to a patient who asked for one: once per patient and period. */
export interface IssuedSuperbillsTable {
  id: Generated<number>;
  patient_id: number;
  period_from: string;
  period_to: string;
  issued_at: Instant;
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
  /** Argon2id of the code; before code_prefix came, "salt:sha256(salt + code)". */
  code_hash: string;
  /** The code's first group (null for a code from before): picks the one hash to check. */
  code_prefix: string | null;
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
  /** When the patient confirmed from a reminder's link; cleared by a reschedule. */
  confirmed_at: Instant | null;
  /** The service booked (null on sessions booked before services existed). */
  service_id: number | null;
  /** The fee agreed at booking, in minor units: never rewritten by a later price change. */
  fee_minor: number | null;
  /** The weekly series the session belongs to (null for a single session). */
  series_id: number | null;
  /** The occurrence of its series' rule the session stands for (it may have been moved off it). */
  occurrence_time: Instant | null;
  /** The couple or group the session is one patient's place in (null for a session of one). */
  party_id: number | null;
}

export type PartyKind = "couple" | "group";
export type PartyStatus = "scheduled" | "cancelled" | "completed";

/** A session of several patients: see the migration 2026-12-04T1000-parties. */
export interface AppointmentPartiesTable {
  id: Generated<number>;
  kind: PartyKind;
  doctor_id: number;
  title: string;
  start_time: Instant;
  end_time: Instant;
  capacity: number;
  /** A group's service, whose fee each member's place agrees to. */
  service_id: number | null;
  status: PartyStatus;
  created_by: number | null;
  created_at: Instant;
  updated_at: Instant;
}

/** The note of a couple's or a group's session: see the migration 2026-12-05T1000-party-notes. */
export interface PartyNotesTable {
  party_id: number;
  doctor_id: number;
  body: string;
  created_at: Instant;
  updated_at: Instant;
  signed_at: Instant | null;
  signed_by: number | null;
  /** SHA-256 (hex) of what was signed. */
  content_hash: string | null;
}

/** A participant the doctor shared the session's note with. */
export interface PartyNoteSharesTable {
  party_id: number;
  patient_id: number;
  shared_by: number;
  shared_at: Instant;
}

export type PartyInvitationStatus = "pending" | "accepted" | "declined" | "withdrawn";

export interface PartyInvitationsTable {
  id: Generated<number>;
  party_id: number;
  invited_by: number;
  /** Lower-cased. */
  email: string;
  status: PartyInvitationStatus;
  /** Who answered it (the patient whose verified address it is). */
  patient_id: number | null;
  created_at: Instant;
  answered_at: Instant | null;
}

/** A patient's repeating sessions with one doctor: see the migration 2026-12-03T1000-appointment-series. */
export interface AppointmentSeriesTable {
  id: Generated<number>;
  patient_id: number;
  doctor_id: number;
  /** RRULE as the calendar feed carries it (FREQ=WEEKLY;INTERVAL=…;BYDAY=…;COUNT=…|UNTIL=…). */
  rule: string;
  time_zone: string;
  /** YYYY-MM-DD in time_zone: the first occurrence's date. */
  first_date: string;
  /** Minutes after midnight in time_zone. */
  clock_minute: number;
  interval_weeks: number;
  /** The last date (inclusive) or the number of occurrences: exactly one is set. */
  until_date: string | null;
  occurrences: number | null;
  created_by: number | null;
  created_at: Instant;
  updated_at: Instant;
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
  /** 1 when an admin had ended this doctor's care of the patient: the access waits for an admin's approval. */
  approval_required: Generated<number>;
  /** When an admin approved a request that needed it; its hour runs from then. */
  approved_at: Instant | null;
  approved_by: number | null;
}

/** A doctor whose care of a patient an admin ended (the latest time): their emergency access to that patient needs an admin's approval. */
export interface CareEndingsTable {
  doctor_id: number;
  patient_id: number;
  ended_at: Instant;
  ended_by: number | null;
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

export type NoticeChannel = "email" | "sms";

/**
 * Where a notice is: `waiting` to be sent (or sent again), `sending` by an instance until
 * claimed_until, `sent` (result: the server's reply), `failed` and due again (result: why),
 * `given_up` after its last attempt, or `unsent` because no mail server or text provider is set up.
 */
export type NoticeStatus = "waiting" | "sending" | "sent" | "failed" | "given_up" | "unsent";

/** The outbox: one message to one address, written in the transaction of the change it tells of. */
export interface NoticesTable {
  id: Generated<number>;
  /** What it tells (domain/src/notices/notice-kinds.ts). */
  kind: string;
  channel: NoticeChannel;
  user_id: number | null;
  to_address: string;
  /** All the Delivery log shows of the content. */
  subject: string;
  /** JSON: the facts the notice is composed from, as they were when it was written. */
  params: string;
  status: NoticeStatus;
  attempts: Generated<number>;
  next_attempt_at: Instant;
  claimed_until: Instant | null;
  result: string | null;
  sent_at: Instant | null;
  created_at: Instant;
  /** Unique: a notice that must exist once (a reminder) is written once. */
  dedupe_key: string | null;
}

/** A member's switch for one topic on one channel; no row means on. */
export interface NoticePreferencesTable {
  user_id: number;
  topic: string;
  channel: NoticeChannel;
  enabled: number;
  updated_at: Instant;
}

/** A member's notice settings beyond the switches (2026-11-30T0400-care-notices); no row = the defaults. */
export interface NoticeSettingsTable {
  user_id: number;
  name_senders: Generated<number>;
  /** "HH:MM" in the member's zone: when a doctor's daily digest goes. */
  digest_clock: string | null;
  /** The E.164 number texts go to, once the member opted in. */
  sms_number: string | null;
  sms_opted_in_at: Instant | null;
  /** The number answered STOP: no texts until START. */
  sms_stopped_at: Instant | null;
  updated_at: Instant;
}

/** A single-use signed link, once used (its id is in the link). */
export interface SpentLinksTable {
  id: string;
  spent_at: Instant;
}

export type ServiceKind = "intake" | "individual" | "couples" | "family" | "group";

/** A service the clinic sells, at its fee in minor units of the clinic's currency. */
export interface ClinicServicesTable {
  id: Generated<number>;
  name: string;
  minutes: number;
  fee_minor: number;
  cpt_code: string;
  kind: ServiceKind;
  video_allowed: Generated<number>;
  /** The usual number of sessions a year (the Good Faith Estimate's course of care). */
  usual_sessions_per_year: Generated<number>;
  active: Generated<number>;
  created_at: Instant;
  updated_at: Instant;
}

/** A patient's own fee for one service (sliding scale), set by an admin. */
export interface PatientRatesTable {
  patient_id: number;
  service_id: number;
  fee_minor: number;
  set_by: number | null;
  set_at: Instant;
}

export type LedgerEntryKind = "charge" | "fee" | "adjustment" | "payment" | "refund" | "reversal";

/** THE ledger: insert-only (the database refuses update and delete); a balance is the sum of a patient's rows. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  patient_id: number;
  kind: LedgerEntryKind;
  /** Signed minor units: + the patient owes more, − the patient owes less. */
  amount_minor: number;
  currency: string;
  appointment_id: number | null;
  payment_id: number | null;
  /** The entry a 'reversal' undoes (each is reversed at most once). */
  reverses_id: number | null;
  reason: string | null;
  created_by: number | null;
  created_at: Instant;
  /** The patient's debits (positive entries) up to and including this one, as of its insert. */
  debits_to_date: number;
}

/** Each patient's running totals of the ledger, kept by insertLedgerEntry in the entry's transaction. */
export interface PatientBalancesTable {
  patient_id: number;
  /** The sum of the patient's entries. */
  balance_minor: number;
  /** The sum of the patient's positive entries. */
  debited_minor: number;
}

export type PendingFeeKind = "no_show" | "late_cancellation";
export type PendingFeeStatus = "pending" | "approved" | "waived";

/** A no-show or late-cancellation fee waiting for the session's doctor or an admin. */
export interface PendingFeesTable {
  id: Generated<number>;
  appointment_id: number;
  patient_id: number;
  kind: PendingFeeKind;
  amount_minor: number;
  status: Generated<PendingFeeStatus>;
  /** The 'fee' ledger entry its approval wrote. */
  entry_id: number | null;
  created_at: Instant;
  decided_by: number | null;
  decided_at: Instant | null;
  reason: string | null;
}

/** Counters that only count up (invoice numbers). */
export interface BillingCountersTable {
  name: string;
  value: number;
}

export interface InvoicesTable {
  id: Generated<number>;
  /** Unique and never repeated (billing_counters). */
  number: string;
  patient_id: number;
  currency: string;
  issued_at: Instant;
  total_minor: number;
  issued_by: number | null;
}

/** The ledger entries an invoice gathers (an entry is invoiced once). */
export interface InvoiceItemsTable {
  invoice_id: number;
  entry_id: number;
}

export type PaymentMethod = "cash" | "cheque" | "card_elsewhere" | "card";

export interface PaymentsTable {
  id: Generated<number>;
  patient_id: number;
  invoice_id: number | null;
  method: PaymentMethod;
  reference: string;
  amount_minor: number;
  currency: string;
  received_at: Instant;
  recorded_by: number | null;
  /** Unique: a card payment is recorded once per PaymentIntent. */
  stripe_payment_intent_id: string | null;
  created_at: Instant;
}

export interface Database {
  clinic_services: ClinicServicesTable;
  patient_rates: PatientRatesTable;
  ledger_entries: LedgerEntriesTable;
  patient_balances: PatientBalancesTable;
  pending_fees: PendingFeesTable;
  billing_counters: BillingCountersTable;
  invoices: InvoicesTable;
  invoice_items: InvoiceItemsTable;
  payments: PaymentsTable;
  users: UsersTable;
  account_notices: AccountNoticesTable;
  doctor_profiles: DoctorProfilesTable;
  login_sessions: LoginSessionsTable;
  appointments: AppointmentsTable;
  appointment_series: AppointmentSeriesTable;
  appointment_parties: AppointmentPartiesTable;
  party_invitations: PartyInvitationsTable;
  party_notes: PartyNotesTable;
  party_note_shares: PartyNoteSharesTable;
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
  care_endings: CareEndingsTable;
  calendar_feeds: CalendarFeedsTable;
  conversations: ConversationsTable;
  clinic_settings: ClinicSettingsTable;
  user_counts: UserCountsTable;
  throttle_hits: ThrottleHitsTable;
  notices: NoticesTable;
  notice_preferences: NoticePreferencesTable;
  notice_settings: NoticeSettingsTable;
  spent_links: SpentLinksTable;
  audit_chain_keying: AuditChainKeyingTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  passkey_seals: PasskeySealsTable;
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
  enrolment_codes: EnrolmentCodesTable;
  stripe_events: StripeEventsTable;
  saved_cards: SavedCardsTable;
  card_collections: CardCollectionsTable;
  diagnoses: DiagnosesTable;
  patient_billing_details: PatientBillingDetailsTable;
  good_faith_estimates: GoodFaithEstimatesTable;
  estimate_reviews: EstimateReviewsTable;
  issued_superbills: IssuedSuperbillsTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_offers: WaitlistOffersTable;
}

/** Why a waitlist entry ended: its patient left, or an offer it was made was accepted. */
export type WaitlistEndReason = "left" | "booked";

/** A patient waiting for an hour: a doctor's (doctor_id), or any doctor's for a service (doctor_id null). */
export interface WaitlistEntriesTable {
  id: Generated<number>;
  patient_id: number;
  doctor_id: number | null;
  service_id: number | null;
  /** JSON [{weekday, startMinute, endMinute}]: clock times in the clinic's zone. */
  times: string;
  /** The last clinic calendar date (YYYY-MM-DD) an offer may fall on. */
  until_date: string;
  joined_at: Instant;
  ended_at: Instant | null;
  end_reason: WaitlistEndReason | null;
}

export type WaitlistOfferStatus = "open" | "accepted" | "declined" | "expired" | "withdrawn";

/** A freed hour offered to one waitlist entry, held for it until expires_at while open. */
export interface WaitlistOffersTable {
  id: Generated<number>;
  entry_id: number;
  patient_id: number;
  doctor_id: number;
  start_time: Instant;
  status: WaitlistOfferStatus;
  offered_at: Instant;
  expires_at: Instant;
  answered_at: Instant | null;
  appointment_id: number | null;
}

/** A verified Stripe webhook event, processed once (see the card-payments migration). */
export interface StripeEventsTable {
  id: string;
  type: string;
  processed_at: Instant;
}

/** A patient's Stripe customer, the card they saved through Checkout, and their consent to charge it. */
export interface SavedCardsTable {
  patient_id: number;
  stripe_customer_id: string;
  payment_method_id: string | null;
  brand: string | null;
  last4: string | null;
  saved_at: Instant | null;
  /** The consent's text exactly as the patient read it when they ticked the box. */
  consent_text: string | null;
  consented_at: Instant | null;
  consent_ip: string | null;
  created_at: Instant;
}

export type CardCollectionStatus = "charging" | "charged" | "paid" | "failed";

/** One nightly charge of a saved card: at most one per patient and clinic night. */
export interface CardCollectionsTable {
  id: Generated<number>;
  patient_id: number;
  night: string;
  amount_minor: number;
  currency: string;
  payment_intent_id: string | null;
  status: CardCollectionStatus;
  /** Stripe's reason, as it gave it, when the charge failed. */
  failure_reason: string | null;
  created_at: Instant;
  updated_at: Instant;
}

/** A staff member's code to set up two-step sign-in, from an admin or the console. */
export interface EnrolmentCodesTable {
  user_id: number;
  code_hash: string;
  issued_by: number | null;
  expires_at: Instant;
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
