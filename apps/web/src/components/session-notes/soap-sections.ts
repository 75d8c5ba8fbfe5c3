import type { SoapSection } from "@halcyon/domain/schemas";
import { SOAP_SECTION_LABELS } from "@halcyon/domain/rules";

/** The SOAP template's sections, in order, with what each asks of the clinician. */
export const SOAP_FIELDS: { section: SoapSection; label: string; prompt: string }[] = [
  { section: "subjective", label: SOAP_SECTION_LABELS.subjective, prompt: "What the patient reports: their words, their week, their concerns." },
  { section: "objective", label: SOAP_SECTION_LABELS.objective, prompt: "What you observed: presentation, affect, any measures." },
  { section: "assessment", label: SOAP_SECTION_LABELS.assessment, prompt: "Your clinical impression, and how it has moved." },
  { section: "plan", label: SOAP_SECTION_LABELS.plan, prompt: "What comes next: homework, focus, the next session." },
];
