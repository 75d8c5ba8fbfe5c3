import type { SoapSection } from "@halcyon/domain/schemas";

/** The SOAP template's sections, in order, with what each asks of the clinician. */
export const SOAP_FIELDS: { section: SoapSection; label: string; prompt: string }[] = [
  { section: "subjective", label: "Subjective", prompt: "What the patient reports: their words, their week, their concerns." },
  { section: "objective", label: "Objective", prompt: "What you observed: presentation, affect, any measures." },
  { section: "assessment", label: "Assessment", prompt: "Your clinical impression, and how it has moved." },
  { section: "plan", label: "Plan", prompt: "What comes next: homework, focus, the next session." },
];
