// The clinic's own notices: what an admin sends to see that email works.
import { defineNoticeKind } from "../notice-content";
import { longWhen } from "../notice-time";

export const CLINIC_NOTICES = {
  /**
   * "Send a test email" on the Delivery log: to the admin's own verified address. Essential (an
   * admin asked for it, so it has no switch and no unsubscribe link), filed under the security
   * topic with the other notices that cannot be switched off.
   */
  clinic_test_email: defineNoticeKind<{ requestedAt: string }>({
    topic: "security",
    essential: true,
    channels: ["email"],
    subject: (_params, _to, clinic) => `A test email from ${clinic.clinicName}`,
    compose: ({ requestedAt }, to, clinic) => ({
      preview: "If you can read this, the clinic's email works.",
      heading: `Hello ${to.firstName},`,
      paragraphs: [
        `You asked for this test email on ${longWhen(requestedAt, to.timeZone)}.`,
        `If you can read it, ${clinic.clinicName} can reach its people by email. The Delivery log shows what the mail server answered.`,
      ],
      actions: [{ label: "Open the Delivery log", link: { path: "/admin/delivery-log" } }],
    }),
    examples: [{ requestedAt: "2026-12-07T19:00:00.000Z" }],
  }),
};
