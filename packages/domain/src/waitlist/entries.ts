// Joining, leaving and reading the waitlist. A patient joins for themselves (a doctor's list, or
// any doctor's for a service) and sees and leaves their own entries; a doctor sees the entries
// naming them and no one else's (an "any doctor" entry names no doctor, so only admins see it
// before an offer); admins see every list. Anyone else is told the entry does not exist.
import {
  endWaitlistEntry,
  findWaitlistEntry,
  holdWaitlist,
  insertWaitlistEntry,
  holdWaitlistEntriesOf,
  listWaitingEntries,
  openOffersOfPatient,
  type User,
  type WaitlistEntryView,
} from "@halcyon/db";
import type { z } from "zod";
import { fromWorkingHoursInput, toWorkingHoursInput } from "../admin/working-hours";
import { recordAudit } from "../audit/audit";
import { auditRead } from "../audit/read-audit";
import { agreedFee } from "../billing/agreed-fee";
import { findActiveDoctor } from "../appointments/availability";
import { calendarDateIn, parseCalendarDate } from "../appointments/slots";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { announceOfferChanges, passOnOffers } from "./offers";
import { addCalendarDays } from "./waitlist-times";
import { WAITLIST_MAX_DAYS, type joinWaitlistInputSchema, type WaitlistEntry } from "./waitlist.schema";

type Ctx = RequestContext & { user: User };

export const NO_SUCH_ENTRY = "No such waitlist entry.";
export const OWN_WAITLIST_ONLY = "Doctors see their own waitlist only.";
export const ALREADY_WAITING = "You are already on this waitlist. Leave that entry first to change your days and times.";

function toEntry(view: WaitlistEntryView, now: Date): WaitlistEntry {
  return {
    id: view.id,
    patientId: view.patientId,
    patientName: view.patientName,
    doctorId: view.doctorId,
    doctorName: view.doctorName,
    serviceId: view.serviceId,
    serviceName: view.serviceName,
    times: toWorkingHoursInput(view.times),
    untilDate: view.untilDate,
    joinedAt: view.joinedAt,
    waitedDays: Math.max(0, Math.floor((now.getTime() - Date.parse(view.joinedAt)) / 86_400_000)),
  };
}

export async function joinWaitlist(ctx: Ctx, input: z.output<typeof joinWaitlistInputSchema>): Promise<WaitlistEntry> {
  const now = ctx.now();
  const today = calendarDateIn(now, ctx.config.clinicTimeZone);
  if (!parseCalendarDate(input.untilDate)) throw new AppError("INVALID_INPUT", "Give a real last date as YYYY-MM-DD");
  if (input.untilDate < today) throw new AppError("INVALID_INPUT", "The last date for an offer has already passed.");
  if (input.untilDate > addCalendarDays(today, WAITLIST_MAX_DAYS)) {
    throw new AppError("INVALID_INPUT", `Offers can be made up to ${WAITLIST_MAX_DAYS} days ahead: choose an earlier last date.`);
  }
  if (input.doctorId !== undefined) await findActiveDoctor(ctx.db, input.doctorId);
  // The same rule a booking applies to its service (active, for one patient), asked now rather than at the offer.
  if (input.serviceId !== undefined) await agreedFee(ctx.db, ctx.user.id, input.serviceId);
  const doctorId = input.doctorId ?? null;
  const id = await ctx.db.transaction().execute(async (trx) => {
    // Asked under the patient's lock, in the join's own transaction: two joins at once make one entry.
    await holdWaitlistEntriesOf(trx, ctx.user.id);
    const waiting = await listWaitingEntries(trx, { patientId: ctx.user.id });
    if (waiting.some((entry) => entry.doctorId === doctorId && (doctorId !== null || entry.serviceId === input.serviceId))) {
      throw new AppError("CONFLICT", ALREADY_WAITING);
    }
    const created = await insertWaitlistEntry(trx, {
      patientId: ctx.user.id,
      doctorId,
      serviceId: input.serviceId ?? null,
      times: fromWorkingHoursInput(input.times),
      untilDate: input.untilDate,
      joinedAt: now.toISOString(),
    });
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "waitlist.join",
        outcome: "success",
        targetType: "waitlist_entry",
        targetId: created,
        request: ctx.request,
        details: { doctorId },
      },
      trx,
    );
    return created;
  });
  const entry = await findWaitlistEntry(ctx.db, id);
  if (!entry) throw new Error(`waitlist entry ${id} vanished after it was written`);
  return toEntry(entry, now);
}

/** The entries a caller may see: a patient's own, a doctor's own list, every list (admins, `doctorId` narrowing). */
export async function listWaitlist(ctx: Ctx, doctorId: number | undefined): Promise<WaitlistEntry[]> {
  const { user } = ctx;
  if (user.role === "doctor" && doctorId !== undefined && doctorId !== user.id) throw new AppError("FORBIDDEN", OWN_WAITLIST_ONLY);
  const filter = user.role === "patient" ? { patientId: user.id } : user.role === "doctor" ? { doctorId: user.id } : doctorId !== undefined ? { doctorId } : {};
  const entries = await listWaitingEntries(ctx.db, filter);
  // Staff reading who waits is a read of patients' data: audited as such.
  if (user.role !== "patient") {
    await auditRead(
      ctx,
      "waitlist.read",
      { type: "waitlist_entry" },
      entries.map((entry) => entry.id),
    );
  }
  const now = ctx.now();
  return entries.map((entry) => toEntry(entry, now));
}

/** A patient leaves their entry (an admin may remove anyone's); an offer it holds goes to the next person. */
export async function leaveWaitlist(ctx: Ctx, id: number): Promise<void> {
  const entry = await findWaitlistEntry(ctx.db, id);
  if (!entry || (ctx.user.role !== "admin" && entry.patientId !== ctx.user.id)) throw new AppError("NOT_FOUND", NO_SUCH_ENTRY);
  if (entry.endedAt !== null)
    throw new AppError("CONFLICT", entry.endReason === "booked" ? "This entry ended with a booking." : "This entry has already been left.");
  const at = ctx.now().toISOString();
  const changes = await ctx.db.transaction().execute(async (trx) => {
    await holdWaitlist(trx);
    if (!(await endWaitlistEntry(trx, entry.id, at, "left"))) throw new AppError("CONFLICT", "This entry has already been left.");
    const held = (await openOffersOfPatient(trx, entry.patientId, at)).filter((offer) => offer.entryId === entry.id);
    const moved = await passOnOffers(ctx, trx, held);
    await recordAudit(
      ctx,
      { actorId: ctx.user.id, action: "waitlist.leave", outcome: "success", targetType: "waitlist_entry", targetId: entry.id, request: ctx.request },
      trx,
    );
    return moved;
  });
  announceOfferChanges(ctx, changes);
}
