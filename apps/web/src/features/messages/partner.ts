import type { Conversation, Doctor, PatientSummary } from "@halcyon/domain/schemas";

import { doctorTitle } from "../../lib/appointment-rules";

/** The person on the other side of a conversation, as the screen names them. */
export type Partner = {
  id: number;
  firstName: string;
  lastName: string;
  imageUrl: string | null;
  /** A doctor's specialization, for a patient choosing whom to write to. */
  detail: string | null;
};

export const fullName = (partner: Pick<Partner, "firstName" | "lastName">) => `${partner.firstName} ${partner.lastName}`.trim();

/** The partner in a heading or list: "Dr. Eleanor Vance" for a doctor, "Alex Morgan" for a patient. */
export const headingName = (partner: Pick<Partner, "firstName" | "lastName">, isDoctor: boolean) =>
  isDoctor ? doctorTitle(fullName(partner)) : fullName(partner);

/** The partner in a sentence ("Write to …"): "Dr. Vance" for a doctor, "Alex" for a patient. */
export const callName = (partner: Pick<Partner, "firstName" | "lastName">, isDoctor: boolean) =>
  isDoctor ? doctorTitle(partner.lastName || partner.firstName) : partner.firstName;

/** "Eleanor Vance" → Eleanor, Vance (a conversation carries the full name only). */
function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  return { firstName: words[0] ?? "", lastName: words.slice(1).join(" ") };
}

export function partnerFromConversation(conversation: Conversation): Partner {
  return { id: conversation.partnerId, ...splitName(conversation.partnerName), imageUrl: conversation.partnerProfileImageUrl, detail: null };
}

export function partnerFromDoctor(doctor: Doctor): Partner {
  return { id: doctor.id, firstName: doctor.firstName, lastName: doctor.lastName, imageUrl: doctor.profileImageUrl, detail: doctor.specialization };
}

export function partnerFromPatient(patient: PatientSummary): Partner {
  return { id: patient.id, firstName: patient.firstName, lastName: patient.lastName, imageUrl: null, detail: null };
}

/** Who `partnerId` is, from whatever the screen has read: the conversation first, then the people one may write to. */
export function findPartner(
  partnerId: number,
  sources: { conversation?: Conversation | undefined; doctors?: readonly Doctor[] | undefined; patients?: readonly PatientSummary[] | undefined },
): Partner | undefined {
  const doctor = sources.doctors?.find((candidate) => candidate.id === partnerId);
  const conversation = sources.conversation?.partnerId === partnerId ? sources.conversation : undefined;
  if (conversation) return { ...partnerFromConversation(conversation), detail: doctor?.specialization ?? null };
  if (doctor) return partnerFromDoctor(doctor);
  const patient = sources.patients?.find((candidate) => candidate.id === partnerId);
  return patient && partnerFromPatient(patient);
}

/** The `?with=` of the address, when it names someone. */
export function parsePartnerId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
