import type { IntakeStatus } from "@halcyon/domain/schemas";

/** What a patient still has to do before their next session, in words; null when nothing. */
export function intakeTodo(status: IntakeStatus): { title: string; detail: string; action: string } | null {
  if (status.complete) return null;
  const firstTime = status.intake === null || status.consents.every((consent) => consent.signed === null);
  if (firstTime) {
    return {
      title: "Before your first session",
      detail: "A few questions about you and two short consents to sign: about five minutes, done once.",
      action: "Begin",
    };
  }
  const updated = status.consents.filter((consent) => !consent.current);
  const names = updated.map((consent) => consent.title.toLowerCase()).join(" and the ");
  return {
    title: updated.length === 1 ? "An updated consent to sign" : "Updated consents to sign",
    detail: `The clinic has updated its ${names}. Please read and sign before your next session.`,
    action: "Read and sign",
  };
}
