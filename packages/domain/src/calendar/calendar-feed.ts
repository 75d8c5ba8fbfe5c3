// A private, revocable calendar link per user: the token is random, shown to its owner once,
// and stored only as a hash. Creating a new link revokes the old one.
import { createHash, randomBytes } from "node:crypto";
import { deleteCalendarFeed, findCalendarFeed, findCalendarFeedOwner, findUserById, listAppointments, replaceCalendarFeed, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { ClinicServices, RequestContext } from "../context";
import { appointmentEventSequence, renderCalendar } from "./ics";
import { feedSeriesOf } from "./series-feed";

const FEED_PAST_DAYS = 90;
const FEED_MAX_EVENTS = 1000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function calendarFeedPath(token: string): string {
  return `/api/calendar.ics?token=${token}`;
}

export async function calendarFeedStatus(ctx: RequestContext & { user: User }): Promise<{ active: boolean; createdAt: string | null }> {
  const feed = await findCalendarFeed(ctx.db, ctx.user.id);
  return { active: feed !== undefined, createdAt: feed?.createdAt ?? null };
}

export async function createCalendarFeed(ctx: RequestContext & { user: User }): Promise<{ path: string }> {
  const token = randomBytes(32).toString("base64url");
  await ctx.db.transaction().execute(async (trx) => {
    await replaceCalendarFeed(trx, ctx.user.id, hashToken(token), ctx.now().toISOString());
    await recordAudit(ctx, { actorId: ctx.user.id, action: "calendar_feed.create", outcome: "success", request: ctx.request }, trx);
  });
  return { path: calendarFeedPath(token) };
}

export async function revokeCalendarFeed(ctx: RequestContext & { user: User }): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await deleteCalendarFeed(trx, ctx.user.id);
    await recordAudit(ctx, { actorId: ctx.user.id, action: "calendar_feed.revoke", outcome: "success", request: ctx.request }, trx);
  });
}

/** The feed behind a token, or undefined for an unknown or revoked one. */
export async function calendarFeedFor(services: ClinicServices, token: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const userId = await findCalendarFeedOwner(services.db, hashToken(token));
  if (userId === undefined) return undefined;
  const user = await findUserById(services.db, userId);
  if (!user) return undefined;
  const now = services.now();
  const appointments = await listAppointments(services.db, {
    ...(user.role === "doctor" ? { doctorId: user.id } : { patientId: user.id }),
    from: new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000).toISOString(),
    statuses: ["scheduled", "completed", "cancelled"],
    order: "asc",
    limit: FEED_MAX_EVENTS,
  });
  // A series' sessions are one event of the series; the rest are events of their own.
  const series = await feedSeriesOf(services.db, appointments);
  return renderCalendar({
    clinicName: services.config.clinicName,
    now,
    series,
    events: appointments
      .filter((a) => a.seriesId === undefined)
      .map((a) => ({
        id: a.id,
        startTime: a.startTime,
        endTime: a.endTime,
        cancelled: a.status === "cancelled",
        sequence: appointmentEventSequence(a.createdAt, a.updatedAt),
      })),
    alarmLeadHours: services.config.notices.reminderLeadHours,
  });
}
