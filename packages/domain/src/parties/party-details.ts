// What a reader may see of the session a place of a couple or a group belongs to (PartyDetails):
// read for a page of appointments at once, and only when one of them is in a party.
import { invitationsOfParties, placesInParties, type AppointmentView, type Db, type User } from "@halcyon/db";
import type { PartyDetails } from "./party.schema";

type WithDetails<T extends Pick<AppointmentView, "party">> = Omit<T, "party"> & { party?: PartyDetails };

export async function withPartyDetails<T extends Pick<AppointmentView, "id" | "patientId" | "party">>(
  ctx: { db: Db; user: Pick<User, "id" | "role"> },
  appointments: readonly T[],
): Promise<WithDetails<T>[]> {
  const partyIds = [...new Set(appointments.flatMap((appointment) => (appointment.party ? [appointment.party.id] : [])))];
  if (partyIds.length === 0) return appointments as unknown as WithDetails<T>[];
  const staff = ctx.user.role !== "patient";
  const [places, invitations] = await Promise.all([placesInParties(ctx.db, partyIds), invitationsOfParties(ctx.db, partyIds)]);
  return appointments.map((appointment) => {
    const { party } = appointment;
    if (!party) return appointment as unknown as WithDetails<T>;
    // A group's members are never shown to one another; a couple's partners are.
    const others =
      staff || party.kind === "couple"
        ? places
            .filter((place) => place.partyId === party.id && place.patientId !== appointment.patientId && place.status !== "cancelled")
            .map((place) => (staff ? { name: place.patientName, patientId: place.patientId } : { name: place.patientName }))
        : [];
    // The newest invitation, to staff and to the patient who booked (who named the address).
    const invitation = invitations.find((candidate) => candidate.partyId === party.id);
    const showsInvitation = invitation && (staff || invitation.invitedBy === ctx.user.id);
    return {
      ...appointment,
      party: { id: party.id, kind: party.kind, others, ...(showsInvitation ? { invitation: { email: invitation.email, status: invitation.status } } : {}) },
    };
  });
}
