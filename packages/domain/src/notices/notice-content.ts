// What a notice says, before it is an email or a text: a small, neutral model that every kind
// composes and one layout renders (apps/api/src/notices/). The subject is composed on its own:
// the outbox stores it (the Delivery log's only view of the content) in the change's own
// transaction, which composes nothing else; the rest is composed when the notice is sent. Links
// are signed only then too, so no usable link ever sits in the database.
import type { NoticeChannel } from "@halcyon/db";
import type { CalendarAppointment } from "../calendar/invitation";
import type { LinkPurpose } from "./signed-links";

/** The switch a notice obeys (notice_preferences.topic). */
export type NoticeTopic = "appointments" | "reminders" | "messages" | "care_tasks" | "safety_alerts" | "note_digest" | "payments" | "security";

/** A link in a notice: a page of the app, signed for its recipient when the notice is sent if `signed`. */
export interface NoticeLink {
  /** The app's path, such as "/appointments/12"; the worker makes it absolute with PUBLIC_ORIGIN. */
  path: string;
  /**
   * A single-use or expiring link: the worker signs it (signed-links.ts) and adds `?token=…`;
   * `subject` goes into the claims as it is (an address to verify, a password it is bound to).
   */
  signed?: { purpose: LinkPurpose; targetId?: number; subject?: string; expiresAt: string; singleUse: boolean };
}

/** An appointment as a calendar app keeps it (the same UID every time, so it is updated, never doubled), its link still a path of the app's. */
export type NoticeCalendarEvent = Omit<CalendarAppointment, "url"> & { url?: NoticeLink };

export interface NoticeContent {
  /** Also the Delivery log's only view of the content. */
  subject: string;
  /** The line an inbox shows beside the subject. */
  preview: string;
  heading: string;
  paragraphs: string[];
  actions: { label: string; link: NoticeLink }[];
  calendar?: NoticeCalendarEvent;
  /** The text message, where the kind may be texted: short, and as discreet as the email. */
  text?: string;
}

/** Whom a notice is for, as it may speak of them: their first name and their own clock. */
export interface NoticeAddressee {
  /** Null for an address with no account (a guest kind's). */
  userId: number | null;
  firstName: string;
  timeZone: string;
}

/** What a notice may say of the clinic. */
export interface ClinicFacts {
  clinicName: string;
  /** Whether notices name the clinician (a clinic setting, off by default). */
  nameClinician: boolean;
}

export interface NoticeKindSpec<Params> {
  topic: NoticeTopic;
  /** Password and security notices: they cannot be switched off and carry no unsubscribe link. */
  essential: boolean;
  /** Where it may go: every kind is emailed; a few may also be texted. */
  channels: readonly NoticeChannel[];
  /**
   * Sent to an address with no account (an invitation to make one), never to a member: addressed
   * by no name, on the clinic's clock, with no signed link and nothing to unsubscribe from.
   */
  guests?: true;
  subject(params: Params, to: NoticeAddressee, clinic: ClinicFacts): string;
  /** Everything but the subject (composeNotice puts the two together). */
  compose(params: Params, to: NoticeAddressee, clinic: ClinicFacts): Omit<NoticeContent, "subject">;
  /** Params as a real notice of this kind carries them: the discretion test and the email previews compose every kind from these. */
  examples: readonly Params[];
}

/** What a notice of `spec`'s kind says to `to`: its subject and the rest. */
export function composeNotice<Params>(spec: NoticeKindSpec<Params>, params: Params, to: NoticeAddressee, clinic: ClinicFacts): NoticeContent {
  return { subject: spec.subject(params, to, clinic), ...spec.compose(params, to, clinic) };
}

/** Declares a kind of notice (kinds/*.ts); the registry is notice-kinds.ts. */
export function defineNoticeKind<Params>(spec: NoticeKindSpec<Params>): NoticeKindSpec<Params> {
  return spec;
}
