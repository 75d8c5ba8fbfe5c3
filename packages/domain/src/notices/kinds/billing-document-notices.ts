// Billing documents (issue 35): a Good Faith Estimate issued, or the monthly superbill the patient
// asked for. The notice says that a document waits in the app, never what it covers: no service,
// no amount, no diagnosis. Essential: the law wants the estimate delivered, and the patient turned
// the monthly statement on themselves.
import { defineNoticeKind } from "../notice-content";

export const BILLING_DOCUMENT_NOTICE_KINDS = {
  billing_document_ready: defineNoticeKind<{ document: "estimate" | "superbill" }>({
    topic: "appointments",
    essential: true,
    channels: ["email"],
    subject: ({ document }) => (document === "estimate" ? "Your estimate of charges is ready" : "Your monthly statement is ready"),
    compose: ({ document }, to, clinic) => ({
      preview: `A document from ${clinic.clinicName} is waiting in your account.`,
      heading: `Hello ${to.firstName},`,
      paragraphs: [
        document === "estimate"
          ? "A good faith estimate of the charges you can expect is ready in your account, under Billing. Please keep it: if a bill is $400 or more above it, you may dispute the bill."
          : "Your statement of last month's paid visits is ready in your account, under Billing, to send to your insurer if you wish.",
      ],
      actions: [{ label: "Open Billing", link: { path: "/billing" } }],
    }),
    examples: [{ document: "estimate" }, { document: "superbill" }],
  }),
};
