// The CPT code a psychotherapy service's kind and length call for (AMA CPT, psychiatry section).
// Browser-safe: the services form suggests it as the admin types.
/** As clinic_services.kind. */
export type ServiceKind = "intake" | "individual" | "couples" | "family" | "group";

/**
 * The kinds one patient books alone. Couples, family and group sessions hold more than one
 * patient: booked for one, they would be agreed and charged to that patient as if theirs alone, so
 * a one-patient booking refuses them (agreed-fee.ts) and the booking dialog does not offer them.
 */
export const ONE_PATIENT_KINDS: readonly ServiceKind[] = ["individual", "intake"];

/** The kinds a couple books: the patient who books names their partner (issue 36). */
export const COUPLE_KINDS: readonly ServiceKind[] = ["couples"];

/** The kinds a doctor's group is set for: each member's place agrees the fee (issue 36). */
export const GROUP_KINDS: readonly ServiceKind[] = ["group"];

/**
 * 90791 an intake (diagnostic evaluation); individual psychotherapy by time: 90832 for 16–37
 * minutes, 90834 for 38–52, 90837 for 53 or more; couples or family: 90847 with the patient
 * present (the usual case), 90846 without; group: 90853. Under 16 minutes no psychotherapy code
 * applies, so the form asks for at least 16.
 */
export function cptCodeFor(kind: ServiceKind, minutes: number, { patientPresent = true }: { patientPresent?: boolean } = {}): string {
  switch (kind) {
    case "intake":
      return "90791";
    case "couples":
    case "family":
      return patientPresent ? "90847" : "90846";
    case "group":
      return "90853";
    case "individual":
      return minutes >= 53 ? "90837" : minutes >= 38 ? "90834" : "90832";
  }
}
