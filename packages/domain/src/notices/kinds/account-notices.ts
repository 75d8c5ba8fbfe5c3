// The account's own notices (issue 34, item 4): the link that verifies an address, the link that
// sets a new password, a word to the member whenever how they sign in changes (with a way to say
// it was not them), and a word to the admins when a member says so. All essential: they cannot be
// switched off and carry no unsubscribe link. None says anything of the member's care.
import { defineNoticeKind, type NoticeLink } from "../notice-content";
import { longWhen } from "../notice-time";

/** How long a verification link works. */
export const VERIFY_EMAIL_LINK_MS = 24 * 60 * 60_000;
/** How long a password-reset link works. */
export const PASSWORD_RESET_LINK_MS = 30 * 60_000;
/** How long "This was not me" works after the change it is about. */
export const REPORT_NOT_ME_LINK_MS = 14 * 24 * 60 * 60_000;

/** The changes to how a member signs in that they are told of. */
export type SecurityChange =
  | "password_changed"
  | "password_reset"
  | "email_changed"
  | "two_step_on"
  | "two_step_off"
  | "two_step_reset"
  | "one_time_password"
  | "passkey_added"
  | "passkey_removed";

const CHANGES: Record<SecurityChange, { subject: string; what: string }> = {
  password_changed: { subject: "Your password was changed", what: "the password of your account was changed" },
  password_reset: { subject: "Your password was reset", what: "a new password was set for your account with a reset link" },
  email_changed: { subject: "Your email address was changed", what: "the email address of your account was changed" },
  two_step_on: { subject: "Two-step sign-in is on", what: "two-step sign-in was turned on for your account" },
  two_step_off: { subject: "Your authenticator app was turned off", what: "the authenticator app of your account was turned off" },
  two_step_reset: { subject: "Your two-step sign-in was reset", what: "an administrator reset the two-step sign-in of your account" },
  one_time_password: {
    subject: "Your password was reset",
    what: "an administrator gave your account a one-time password, and your old password stopped working",
  },
  passkey_added: { subject: "A passkey was added", what: "a passkey was added to your account" },
  passkey_removed: { subject: "A passkey was removed", what: "a passkey was removed from your account" },
};

/** A link that says "this was not me" about a change made at `at`. */
function reportNotMeLink(at: string): NoticeLink {
  const expiresAt = new Date(Date.parse(at) + REPORT_NOT_ME_LINK_MS).toISOString();
  return { path: "/account/not-me", signed: { purpose: "report_not_me", expiresAt, singleUse: true } };
}

export const ACCOUNT_NOTICE_KINDS = {
  email_verification: defineNoticeKind<{ address: string; expiresAt: string }>({
    topic: "security",
    essential: true,
    channels: ["email"],
    subject: (_params, _to, clinic) => `Confirm your email address for ${clinic.clinicName}`,
    compose: (params, to, clinic) => ({
      preview: "One click, and we can write to you here.",
      heading: `Hello ${to.firstName},`,
      paragraphs: [
        `Please confirm that ${params.address} is your email address for your ${clinic.clinicName} account. Until you do, we do not write to it.`,
        `The link works once, until ${longWhen(params.expiresAt, to.timeZone)}. If you did not ask for this, you can ignore this email.`,
      ],
      actions: [
        {
          label: "Confirm my email address",
          link: { path: "/verify-email", signed: { purpose: "verify_email", subject: params.address, expiresAt: params.expiresAt, singleUse: true } },
        },
      ],
    }),
    examples: [{ address: "alex@example.com", expiresAt: "2026-12-01T09:00:00.000Z" }],
  }),

  password_reset: defineNoticeKind<{ username: string; passwordTag: string; expiresAt: string }>({
    topic: "security",
    essential: true,
    channels: ["email"],
    subject: (_params, _to, clinic) => `Set a new password for ${clinic.clinicName}`,
    compose: (params, to, clinic) => ({
      preview: "Someone asked to set a new password for your account.",
      heading: `Hello ${to.firstName},`,
      paragraphs: [
        `Someone (we hope you) asked to set a new password for your ${clinic.clinicName} account, ${params.username}.`,
        `The link works once, until ${longWhen(params.expiresAt, to.timeZone)}. Setting a new password signs you out everywhere.`,
        "If you did not ask for this, ignore this email: your password stays as it is.",
      ],
      actions: [
        {
          label: "Choose a new password",
          link: { path: "/reset-password", signed: { purpose: "reset_password", subject: params.passwordTag, expiresAt: params.expiresAt, singleUse: true } },
        },
      ],
    }),
    examples: [{ username: "alex.morgan", passwordTag: "k2Jx9w0aQ1bY", expiresAt: "2026-12-01T09:30:00.000Z" }],
  }),

  security_change: defineNoticeKind<{ change: SecurityChange; at: string }>({
    topic: "security",
    essential: true,
    channels: ["email"],
    subject: (params) => CHANGES[params.change].subject,
    compose: (params, to, clinic) => ({
      preview: `A change to your ${clinic.clinicName} account.`,
      heading: `Hello ${to.firstName},`,
      paragraphs: [
        `On ${longWhen(params.at, to.timeZone)}, ${CHANGES[params.change].what}.`,
        "If this was you, there is nothing to do. If it was not, tell us at once: we sign you out everywhere, and you can then set a new password.",
      ],
      actions: [{ label: "This was not me", link: reportNotMeLink(params.at) }],
    }),
    examples: (Object.keys(CHANGES) as SecurityChange[]).map((change) => ({ change, at: "2026-11-29T09:14:00.000Z" })),
  }),

  not_me_reported: defineNoticeKind<{ at: string }>({
    topic: "security",
    essential: true,
    channels: ["email"],
    subject: () => `A member reported a change they did not make`,
    compose: (params, to, clinic) => ({
      preview: `For the administrators of ${clinic.clinicName}.`,
      heading: `Hello ${to.firstName},`,
      paragraphs: [
        `On ${longWhen(params.at, to.timeZone)}, a member said that a change to how they sign in was not made by them. They have been signed out everywhere.`,
        "The system log names the account and the change. Please get in touch with them before giving them a new password.",
      ],
      actions: [{ label: "Open the system log", link: { path: "/admin/logs" } }],
    }),
    examples: [{ at: "2026-11-29T09:20:00.000Z" }],
  }),
};
