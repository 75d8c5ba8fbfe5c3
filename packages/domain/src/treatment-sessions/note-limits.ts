// The shape and limits of a session's notes. Plain values, without zod, so that a page can read
// them through the browser's zod-free entry (rules.ts).

export const SOAP_SECTIONS = ["subjective", "objective", "assessment", "plan"] as const;
export type SoapSection = (typeof SOAP_SECTIONS)[number];
export const SOAP_SECTION_LABELS: Record<SoapSection, string> = { subjective: "Subjective", objective: "Objective", assessment: "Assessment", plan: "Plan" };
export const SOAP_SECTION_MAX = 10_000;
export const ADDENDUM_MAX = 10_000;
export const PRIVATE_NOTE_MAX = 20_000;
export const SESSION_NOTES_MAX = 10_000;
