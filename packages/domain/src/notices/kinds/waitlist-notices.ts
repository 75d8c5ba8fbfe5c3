// Waitlist notices (issue 36, part 3): a freed hour offered to the patient next on the list, and
// the apology when someone booked it directly before they answered. Discreet by rule, as the
// appointment notices are: the clinic's name, the time on the member's own clock, the clinician
// only when the clinic names them; never the service, and never who freed the hour.
import { defineNoticeKind, type ClinicFacts, type NoticeLink } from "../notice-content";
import { longWhen, shortWhen } from "../notice-time";

export interface WaitlistOfferNoticeParams {
  offerId: number;
  startTime: string;
  expiresAt: string;
  /** Said only when the clinic names clinicians. */
  clinicianName: string;
}

export type WaitlistWithdrawnNoticeParams = Omit<WaitlistOfferNoticeParams, "expiresAt">;

/** Where a patient answers an offer (the page asks for sign-in). */
const WAITLIST: NoticeLink = { path: "/waitlist" };

function withWhom(params: { clinicianName: string }, clinic: ClinicFacts): string {
  return clinic.nameClinician ? ` with ${params.clinicianName}` : "";
}

const EXAMPLE = { offerId: 7, startTime: "2026-12-08T23:00:00.000Z", expiresAt: "2026-12-07T15:15:00.000Z", clinicianName: "Dr. Vance" } as const;

export const WAITLIST_NOTICE_KINDS = {
  waitlist_offer: defineNoticeKind<WaitlistOfferNoticeParams>({
    topic: "appointments",
    essential: false,
    channels: ["email"],
    subject: (params, to) => `An appointment time is free: ${shortWhen(params.startTime, to.timeZone)}`,
    compose(params, to, clinic) {
      const when = longWhen(params.startTime, to.timeZone);
      return {
        preview: `${clinic.clinicName}: a time on your waitlist is free, ${when}.`,
        heading: `Hello ${to.firstName}, a time you waited for is free`,
        paragraphs: [
          `An appointment${withWhom(params, clinic)} at ${clinic.clinicName} on ${when} is free, and you are next on the waitlist for it.`,
          `It is held for you until ${longWhen(params.expiresAt, to.timeZone)}. Accept it in the app to book it, or decline it to let the next person have it.`,
        ],
        actions: [{ label: "See the offer", link: WAITLIST }],
      };
    },
    examples: [EXAMPLE],
  }),

  waitlist_offer_withdrawn: defineNoticeKind<WaitlistWithdrawnNoticeParams>({
    topic: "appointments",
    essential: false,
    channels: ["email"],
    subject: (params, to) => `Sorry, the time offered is no longer free: ${shortWhen(params.startTime, to.timeZone)}`,
    compose(params, to, clinic) {
      const when = longWhen(params.startTime, to.timeZone);
      return {
        preview: `${clinic.clinicName}: the time offered to you was booked meanwhile.`,
        heading: `Hello ${to.firstName}, we are sorry`,
        paragraphs: [
          `The appointment time${withWhom(params, clinic)} at ${clinic.clinicName} on ${when} that we offered you was booked by someone else before you answered. We are sorry for the disappointment.`,
          "You are still on the waitlist, and we will offer you the next time that suits you.",
        ],
        actions: [{ label: "See your waitlist", link: WAITLIST }],
      };
    },
    examples: [{ offerId: EXAMPLE.offerId, startTime: EXAMPLE.startTime, clinicianName: EXAMPLE.clinicianName }],
  }),
};
