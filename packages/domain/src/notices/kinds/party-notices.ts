// A couple's invitation (issue 36, part 1): the partner named by the patient who booked is asked
// to join them. Discreet by rule, as the appointment notices are: the clinic's name, the time on
// the member's own clock, the clinician only when the clinic names them; never the service. It
// names the one who invited them by first name, so the partner knows whose invitation it is.
import { defineNoticeKind, type ClinicFacts, type NoticeLink } from "../notice-content";
import { longWhen, shortWhen } from "../notice-time";

export interface PartyInvitationNoticeParams {
  invitationId: number;
  startTime: string;
  inviterFirstName: string;
  /** Said only when the clinic names clinicians. */
  clinicianName: string;
}

/** Where a patient answers an invitation (the page asks for sign-in). */
const APPOINTMENTS: NoticeLink = { path: "/appointments" };

function withWhom(params: { clinicianName: string }, clinic: ClinicFacts): string {
  return clinic.nameClinician ? ` with ${params.clinicianName}` : "";
}

/** The page that opens on making an account (the invitation then waits in the app, under Appointments). */
const MAKE_AN_ACCOUNT: NoticeLink = { path: "/auth?register=1" };

export const PARTY_NOTICE_KINDS = {
  party_invitation: defineNoticeKind<PartyInvitationNoticeParams>({
    topic: "appointments",
    essential: false,
    channels: ["email"],
    subject: (params, to) => `${params.inviterFirstName} asked you to join an appointment: ${shortWhen(params.startTime, to.timeZone)}`,
    compose(params, to, clinic) {
      const when = longWhen(params.startTime, to.timeZone);
      return {
        preview: `${clinic.clinicName}: ${params.inviterFirstName} asked you to join them on ${when}.`,
        heading: `Hello ${to.firstName}, you are invited to an appointment`,
        paragraphs: [
          `${params.inviterFirstName} booked an appointment${withWhom(params, clinic)} at ${clinic.clinicName} on ${when} and asked you to join them.`,
          "Accept or decline it in the app, under Appointments.",
        ],
        actions: [{ label: "Answer the invitation", link: APPOINTMENTS }],
      };
    },
    examples: [{ invitationId: 3, startTime: "2026-12-08T23:00:00.000Z", inviterFirstName: "Alex", clinicianName: "Dr. Vance" }],
  }),
  /** The same invitation to an address with no account: make one with this address, then answer it in the app. */
  party_invitation_guest: defineNoticeKind<PartyInvitationNoticeParams>({
    topic: "appointments",
    essential: true,
    guests: true,
    channels: ["email"],
    subject: (params, to, clinic) => `You are invited to an appointment at ${clinic.clinicName}: ${shortWhen(params.startTime, to.timeZone)}`,
    compose(params, to, clinic) {
      const when = longWhen(params.startTime, to.timeZone);
      return {
        preview: `${clinic.clinicName}: ${params.inviterFirstName} asked you to join them on ${when}.`,
        heading: "You are invited to an appointment",
        paragraphs: [
          `${params.inviterFirstName} booked an appointment${withWhom(params, clinic)} at ${clinic.clinicName} on ${when} (${clinic.clinicName}'s time) and asked you to join them.`,
          "To answer, create your account with this email address (or, if you have one, sign in and confirm this address under Account), then confirm it from the email we send you. The invitation waits for you in the app, under Appointments.",
          "If you do not know the person who asked, you can ignore this email: nothing happens without you.",
        ],
        actions: [{ label: "Create your account", link: MAKE_AN_ACCOUNT }],
      };
    },
    examples: [{ invitationId: 4, startTime: "2026-12-08T23:00:00.000Z", inviterFirstName: "Alex", clinicianName: "Dr. Vance" }],
  }),
};
