// The care notices (issue 34 item 5): a new message, a form to complete or sign before a visit,
// and for doctors a safety alert and the daily digest of unsigned notes. Each says that something
// waits in the app and where, never what: no message content, no form's name, no patient's name.
import { defineNoticeKind } from "../notice-content";
import { longWhen } from "../notice-time";

export const CARE_NOTICE_KINDS = {
  /** At most one per conversation until it is read (messages/message-notices.ts). */
  new_message: defineNoticeKind<{ from: string | null }>({
    topic: "messages",
    essential: false,
    channels: ["email"],
    subject: () => "You have a new message",
    compose: ({ from }, to, clinic) => ({
      preview: `A new message is waiting for you at ${clinic.clinicName}.`,
      heading: `Hello ${to.firstName},`,
      paragraphs: [
        from === null ? "You have a new message in your account." : `You have a new message from ${from} in your account.`,
        "Sign in to read it. Messages are never sent by email.",
      ],
      actions: [{ label: "Read your messages", link: { path: "/messages" } }],
    }),
    examples: [{ from: null }, { from: "Alex Morgan" }],
  }),

  /** A short form asked of the patient: once, or before each visit (measures/measure-notices.ts). */
  form_due: defineNoticeKind<{ before: string | null }>({
    topic: "care_tasks",
    essential: false,
    channels: ["email"],
    subject: () => "A short form is waiting for you",
    compose: ({ before }, to, clinic) => ({
      preview: `${clinic.clinicName} asks you to complete a short form.`,
      heading: `Hello ${to.firstName},`,
      paragraphs: [
        before === null
          ? "A short form is waiting for you in your account."
          : `Please complete a short form in your account before your visit on ${longWhen(before, to.timeZone)}.`,
        "It takes a few minutes.",
      ],
      actions: [{ label: "Open your account", link: { path: "/dashboard/patient" } }],
    }),
    examples: [{ before: null }, { before: "2026-12-03T15:00:00.000Z" }],
  }),

  /** The intake form or a consent not yet signed, before the patient's next visit. */
  forms_to_sign: defineNoticeKind<{ before: string }>({
    topic: "care_tasks",
    essential: false,
    channels: ["email"],
    subject: () => "Please complete your forms before your visit",
    compose: ({ before }, to, clinic) => ({
      preview: `${clinic.clinicName} needs a few details before your visit.`,
      heading: `Hello ${to.firstName},`,
      paragraphs: [`Before your visit on ${longWhen(before, to.timeZone)}, please complete and sign the forms waiting in your account.`],
      actions: [{ label: "Complete your forms", link: { path: "/intake" } }],
    }),
    examples: [{ before: "2026-12-03T15:00:00.000Z" }],
  }),

  /** To each doctor caring for a patient who raised a safety alert, in the transaction that raised it. */
  safety_alert: defineNoticeKind<Record<string, never>>({
    topic: "safety_alerts",
    essential: false,
    channels: ["email"],
    subject: () => "A patient needs your attention",
    compose: (_params, to, clinic) => ({
      preview: `Sign in to ${clinic.clinicName} to see who.`,
      heading: `Hello ${to.firstName},`,
      paragraphs: ["A patient needs your attention. Sign in to see who, and acknowledge it once you have acted."],
      actions: [{ label: "Open your dashboard", link: { path: "/dashboard/doctor" } }],
    }),
    examples: [{}],
  }),

  /** A doctor's daily digest, at the time they chose (notices/care-sweeps.ts). */
  note_digest: defineNoticeKind<{ count: number }>({
    topic: "note_digest",
    essential: false,
    channels: ["email"],
    subject: () => "Records waiting for your signature",
    compose: ({ count }, to) => {
      const visits = count === 1 ? "1 past visit is" : `${count} past visits are`;
      return {
        preview: `${visits} waiting for your signature.`,
        heading: `Hello ${to.firstName},`,
        paragraphs: [`${visits} waiting for your signature.`],
        actions: [{ label: "Open your dashboard", link: { path: "/dashboard/doctor" } }],
      };
    },
    examples: [{ count: 1 }, { count: 4 }],
  }),
};
