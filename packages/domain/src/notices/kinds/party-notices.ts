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
};
