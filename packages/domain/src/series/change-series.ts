// A change asked from one session of a series, for the sessions it names: this session only
// (exactly as PATCH /appointments/{id}), this and the following ones, or the whole series. The
// scope is always said by the caller and the sessions it covers are chosen here from the scope
// alone, so a "whole series" change never touches one session and a "this session" change never
// touches another. Only sessions still to come and still scheduled change; each keeps its own
// cancellation window.
import { appointmentsOfSeries, findSeries, type AppointmentView, type User } from "@halcyon/db";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { findVisibleAppointment } from "../appointments/appointment-access";
import { STATUS_WORDS, updateAppointment } from "../appointments/update-appointment";
import { cancelSessions } from "../appointments/cancel-sessions";
import { SERIES_CHANGED } from "../appointments/write-scheduled-session";
import { changedSessions } from "./changed-sessions";
import { editSessions } from "./edit-sessions";
import { moveSessions } from "./move-sessions";
import type { changeSeriesInputSchema, SeriesScope } from "./series.schema";
import type { z } from "zod";

type ChangeInput = z.output<typeof changeSeriesInputSchema>;

/** The sessions of the series a scope names, from the chosen one: every one, or those standing for its occurrence or a later one. */
export function sessionsInScope(sessions: readonly AppointmentView[], chosen: AppointmentView, scope: SeriesScope): AppointmentView[] {
  if (scope === "this") return sessions.filter((s) => s.id === chosen.id);
  if (scope === "series") return [...sessions];
  const from = Date.parse(chosen.seriesOccurrence!);
  return sessions.filter((s) => Date.parse(s.seriesOccurrence!) >= from);
}

export async function changeSeries(ctx: RequestContext & { user: User }, input: ChangeInput): Promise<AppointmentView[]> {
  const { scope, ...change } = input;
  if (scope === "this") return [await updateAppointment(ctx, change)];

  const chosen = await findVisibleAppointment(ctx.db, ctx.user, input.id);
  if (chosen.seriesId === undefined) throw new AppError("INVALID_INPUT", "This session is not part of a series: change it alone.");
  if (chosen.status !== "scheduled") {
    throw new AppError("CONFLICT", `This session is already ${STATUS_WORDS[chosen.status]}: choose a session of the series still to come.`);
  }
  if (Date.parse(chosen.startTime) <= ctx.now().getTime()) {
    throw new AppError("INVALID_INPUT", "This session has already started: choose a session of the series still to come.");
  }
  if (input.status !== undefined && (input.startTime !== undefined || input.title !== undefined || input.description !== undefined)) {
    throw new AppError("INVALID_INPUT", "Cancel sessions or change them, not both at once.");
  }
  const series = await findSeries(ctx.db, chosen.seriesId);
  if (!series) throw new Error(`series ${chosen.seriesId} of appointment ${chosen.id} is missing`);
  const sessions = await appointmentsOfSeries(ctx.db, series.id);
  const inScope = sessionsInScope(sessions, chosen, scope);
  const now = ctx.now().getTime();
  // What can still change: sessions still scheduled that have not started.
  const targets = inScope.filter((s) => s.status === "scheduled" && Date.parse(s.startTime) > now);

  if (input.status === "cancelled") {
    await cancelSessions(ctx, targets, { auditDetails: { scope, seriesId: series.id }, changedElsewhere: SERIES_CHANGED });
    return changedSessions(ctx.db, targets);
  }
  if (input.startTime !== undefined) return moveSessions(ctx, { series, chosen, sessions, targets, scope, newStart: new Date(input.startTime), edit: change });
  return editSessions(ctx, targets, scope, change);
}
