// The one order in which a change of sessions takes its locks on PostgreSQL (SQLite's one writer
// needs none): the care of each patient by id, then each party by id, then the waitlist when the
// change frees or takes an hour, and only then the session rows and the audit chain. Every path
// that cancels or moves sessions, or ends a care, takes them here first, so no two of them ever
// hold one lock while waiting for the other's.
import { holdCare, holdWaitlist, type Database, type Transaction } from "@halcyon/db";
import { holdPartyAsRead } from "../parties/places";

export async function holdForSessionChange(
  trx: Transaction<Database>,
  {
    doctorId,
    patientIds,
    parties = [],
    changedElsewhere,
    waitlist,
  }: {
    doctorId: number;
    patientIds: readonly number[];
    /** The parties changed whole, each with its places as read (one taken or left meanwhile: 409). */
    parties?: readonly { id: number; placeIds: readonly number[] }[];
    changedElsewhere: string;
    /** Whether the change frees or takes an hour the waitlist may hold. */
    waitlist: boolean;
  },
): Promise<void> {
  for (const patientId of [...new Set(patientIds)].sort((a, b) => a - b)) await holdCare(trx, doctorId, patientId);
  for (const party of [...parties].sort((a, b) => a.id - b.id)) await holdPartyAsRead(trx, party.id, party.placeIds, changedElsewhere);
  if (waitlist) await holdWaitlist(trx);
}
