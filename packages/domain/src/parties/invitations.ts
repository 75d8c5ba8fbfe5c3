// A couple's invitation: the patient who books a couples session names their partner by email
// address. The partner answers it in the app, signed in as the patient whose verified address it
// is: never anyone else who learns of it, and the one who booked hears the same answer whether or
// not the address has an account (no address is ever confirmed to exist). Accepting takes the
// partner's own place in the session: an ordinary appointment row of the party, in the doctor's
// care as any booking puts them, told to the partner (the doctor was told of the session once).
import {
  answerPartyInvitation,
  anyAccountHasEmail,
  findActiveUserIdsByVerifiedEmail,
  findParty,
  findPartyInvitation,
  findUserById,
  insertPartyInvitation,
  invitationsSentSince,
  pendingInvitationsTo,
  readMemberContact,
  type AppointmentView,
  type PartyInvitation,
  type Transaction,
  type Database,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { clinicianNameOf } from "../appointments/appointment-notices";
import { enqueueGuestNotice, enqueueNotices } from "../notices/outbox";
import type { ReceivedInvitation } from "./party.schema";
import { scheduledPlacesOf, takePlace } from "./places";

export const NO_SUCH_INVITATION = "No such invitation.";
/** How many couples sessions a patient may ask a partner to join in a day. */
export const INVITATIONS_A_DAY = 5;
const DAY_MS = 86_400_000;

/** Writes the invitation of a couple's partner, in the booking's transaction, and lets the partner know if the address is a patient's. */
export async function invitePartner(
  ctx: RequestContext & { user: User },
  trx: Transaction<Database>,
  { partyId, email, inviter, doctor, startTime }: { partyId: number; email: string; inviter: User; doctor: User; startTime: string },
): Promise<void> {
  if (inviter.email?.toLowerCase() === email) throw new AppError("INVALID_INPUT", "Name your partner's email address, not your own.");
  const at = ctx.now().toISOString();
  // An invitation is an email to an address the clinic does not know: a patient sends a few, never a stream.
  if ((await invitationsSentSince(trx, inviter.id, new Date(ctx.now().getTime() - DAY_MS).toISOString())) >= INVITATIONS_A_DAY) {
    throw new AppError(
      "RATE_LIMITED",
      `A patient can invite a partner ${INVITATIONS_A_DAY} times a day at most. Please try again tomorrow, or ask the clinic.`,
    );
  }
  const invitationId = await insertPartyInvitation(trx, { partyId, invitedBy: inviter.id, email, createdAt: at });
  const params = { invitationId, startTime, inviterFirstName: inviter.firstName, clinicianName: clinicianNameOf(doctor) };
  const holders = await findActiveUserIdsByVerifiedEmail(trx, email);
  if (holders.length === 0) {
    // No account has the address: the email asks them to make one with it (then it is theirs to
    // answer). Only from a patient whose own address is verified, to an address no account has
    // (a deactivated member gets nothing), and once a day to one address, however many ask.
    const inviterVerified = (await readMemberContact(trx, inviter.id))?.emailVerifiedAt != null;
    if (inviterVerified && !(await anyAccountHasEmail(trx, email))) {
      const day = ctx.now().toISOString().slice(0, 10);
      await enqueueGuestNotice(ctx, trx, { kind: "party_invitation_guest", toAddress: email, params, dedupeKey: `guest-invitation:${email}:${day}` });
    }
  } else {
    // Only a patient can answer it: a member of staff with the address is not written to.
    const invitees = (await Promise.all(holders.map((id) => findUserById(trx, id)))).flatMap((user) => (user?.role === "patient" ? [user.id] : []));
    await enqueueNotices(
      ctx,
      trx,
      invitees.map((userId) => ({ kind: "party_invitation" as const, userId, params })),
    );
  }
  await recordAudit(
    ctx,
    {
      actorId: ctx.user.id,
      action: "party.invite",
      outcome: "success",
      targetType: "party",
      targetId: partyId,
      request: ctx.request,
      details: { invitationId },
    },
    trx,
  );
}

/** The caller's own verified address, lower-cased (none: no invitation can be theirs). */
async function verifiedAddressOf(ctx: RequestContext & { user: User }): Promise<string | undefined> {
  if (ctx.user.role !== "patient") return undefined;
  const contact = await readMemberContact(ctx.db, ctx.user.id);
  return contact?.email && contact.emailVerifiedAt ? contact.email.toLowerCase() : undefined;
}

/** The invitations waiting for the caller's answer, with the session they are to (one read). */
export async function receivedInvitations(ctx: RequestContext & { user: User }): Promise<ReceivedInvitation[]> {
  const address = await verifiedAddressOf(ctx);
  if (!address) return [];
  const pending = await pendingInvitationsTo(ctx.db, address, ctx.user.id, ctx.now().toISOString());
  return pending.map((invitation) => ({
    id: invitation.id,
    startTime: invitation.startTime,
    endTime: invitation.endTime,
    invitedBy: invitation.inviterFirstName,
    clinicianName: ctx.config.notices.nameClinician ? invitation.doctorName : null,
  }));
}

/** The session an invitation is to, while the caller can still join it: its party, and the place of the patient who booked it. */
async function invitedSession(ctx: RequestContext & { user: User }, invitation: PartyInvitation) {
  const party = await findParty(ctx.db, invitation.partyId);
  if (!party || party.status !== "scheduled" || Date.parse(party.startTime) <= ctx.now().getTime()) return undefined;
  const [booked] = await scheduledPlacesOf(ctx.db, party.id);
  if (!booked || booked.patientId === ctx.user.id) return undefined;
  return { party, booked };
}

/** The invitation `id`, if it waits for the caller's answer; anyone else is told it does not exist. */
async function invitationToCaller(ctx: RequestContext & { user: User }, id: number): Promise<PartyInvitation> {
  const [address, invitation] = await Promise.all([verifiedAddressOf(ctx), findPartyInvitation(ctx.db, id)]);
  if (!address || !invitation || invitation.email !== address) throw new AppError("NOT_FOUND", NO_SUCH_INVITATION);
  if (invitation.status !== "pending")
    throw new AppError(
      "CONFLICT",
      `You have already ${invitation.status === "withdrawn" ? "seen this session cancelled" : `${invitation.status} this invitation`}.`,
    );
  return invitation;
}

export async function acceptInvitation(ctx: RequestContext & { user: User }, id: number): Promise<AppointmentView> {
  const invitation = await invitationToCaller(ctx, id);
  const session = await invitedSession(ctx, invitation);
  if (!session) throw new AppError("CONFLICT", "This session can no longer be joined: it was cancelled, or has begun.");
  const { party, booked } = session;
  const place = await takePlace(
    ctx,
    {
      party,
      patientId: ctx.user.id,
      title: booked.title,
      // What the booker wrote for the clinician stays theirs.
      description: null,
      // The couple's fee was agreed once, with the booking.
      serviceId: booked.serviceId,
      feeMinor: null,
      clinicianName: booked.doctorName,
      details: { invitationId: invitation.id },
    },
    async (trx) => {
      if (!(await answerPartyInvitation(trx, invitation.id, { status: "accepted", patientId: ctx.user.id, at: ctx.now().toISOString() }))) {
        throw new AppError("CONFLICT", "This invitation was answered or withdrawn a moment ago.");
      }
    },
  );
  ctx.events.publish({ type: "appointment_changed", data: { id: booked.id }, recipients: [booked.patientId] });
  return place;
}

export async function declineInvitation(ctx: RequestContext & { user: User }, id: number): Promise<void> {
  const invitation = await invitationToCaller(ctx, id);
  const at = ctx.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await answerPartyInvitation(trx, invitation.id, { status: "declined", patientId: ctx.user.id, at }))) {
      throw new AppError("CONFLICT", "This invitation was answered or withdrawn a moment ago.");
    }
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "party.decline",
        outcome: "success",
        targetType: "party",
        targetId: invitation.partyId,
        request: ctx.request,
        details: { invitationId: invitation.id },
      },
      trx,
    );
  });
  const party = await findParty(ctx.db, invitation.partyId);
  const [booked] = party ? await scheduledPlacesOf(ctx.db, party.id) : [];
  if (booked) ctx.events.publish({ type: "appointment_changed", data: { id: booked.id }, recipients: [booked.patientId] });
}
