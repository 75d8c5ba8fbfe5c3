// A doctor's hour holds one session: a session of one patient, or a couple's or a group's. Each
// kind's own unique index keeps two of that kind apart; a booking of one kind asks whether the
// other holds the hour, under the doctor's lock, so two bookings of different kinds cannot both
// find it free (docs/data-layer.md, "Sessions of several patients").
import { holdDoctorHours, partyHoursAmong, singleSessionAt, type Database, type Transaction } from "@halcyon/db";
import { AppError } from "../errors";

export const SLOT_TAKEN = "That time has just been taken. Please choose another time.";

/** For sessions of one patient at `starts` (a booking, a series, a move): no party holds any of them. */
export async function claimHoursForSingles(trx: Transaction<Database>, doctorId: number, starts: readonly string[]): Promise<void> {
  await holdDoctorHours(trx, doctorId);
  if ((await partyHoursAmong(trx, doctorId, starts)).length > 0) throw new AppError("CONFLICT", SLOT_TAKEN);
}

/** For a party at `start`: no session of one patient holds it. */
export async function claimHourForParty(trx: Transaction<Database>, doctorId: number, start: string): Promise<void> {
  await holdDoctorHours(trx, doctorId);
  if (await singleSessionAt(trx, doctorId, start)) throw new AppError("CONFLICT", SLOT_TAKEN);
}
