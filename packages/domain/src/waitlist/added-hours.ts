// A doctor's hours grew (an admin changed their working hours): the hours added, from today to the
// last date anyone waiting for them wants, are offered to the waitlist in the change's transaction.
import { latestWaitlistDate, type Database, type Transaction } from "@halcyon/db";
import { calendarDateIn, type WorkingPeriod } from "../appointments/slots";
import { offerFreedHours, type OfferChange, type OfferServices } from "./offers";
import { addedStarts } from "./waitlist-times";

export async function offerAddedHours(
  services: OfferServices,
  trx: Transaction<Database>,
  doctorId: number,
  before: WorkingPeriod[],
  after: WorkingPeriod[],
): Promise<OfferChange[]> {
  const until = await latestWaitlistDate(trx, doctorId);
  if (until === undefined) return [];
  const zone = services.config.clinicTimeZone;
  const today = calendarDateIn(services.now(), zone);
  const days = Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000) + 1;
  if (days <= 0) return [];
  return offerFreedHours(services, trx, doctorId, addedStarts(before, after, today, days, zone));
}
