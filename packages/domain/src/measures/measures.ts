// Measurement-based care: a patient completes PHQ-9 and GAD-7 (scored here, never trusted from the
// client), their doctors ask for them once or before every session, and a PHQ-9 with item 9 above
// 0 raises a safety alert: the patient sees crisis resources at once, each of their doctors hears
// `measure_alert` over the WebSocket and sees it on the dashboard until one acknowledges it with
// a note, and the audit log keeps the fact. The alert depends on item 9 alone, never the total.
import {
  acknowledgeMeasureAlert,
  assignMeasure,
  endOneTimeAssignments,
  findMeasureAlert,
  findUserById,
  insertMeasure,
  insertMeasureAlert,
  isInCareOf,
  lastMeasuredAtByInstrument,
  listActiveCareDoctorIds,
  listMeasures,
  nextScheduledStart,
  openAssignments,
  openMeasureAlerts,
  type User,
} from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { careAccessTo } from "../care/record-access";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { enqueueNotices } from "../notices/outbox";
import { bandOf, INSTRUMENTS, needsSafetyAlert, scoreOf, type InstrumentId } from "./instruments";
import type { DueMeasure, MeasureAlert, MeasureRecord, SubmittedMeasure } from "./measure.schema";

type Caller = RequestContext & { user: User };

/** A measure asked for before every session is due from this long before each one. */
export const DUE_BEFORE_SESSION_MS = 48 * 60 * 60 * 1000;
const NO_SUCH_PATIENT = "No such patient.";

export async function submitMeasure(ctx: Caller, input: { instrument: InstrumentId; answers: number[] }): Promise<SubmittedMeasure> {
  const instrument = INSTRUMENTS[input.instrument];
  const score = scoreOf(input.answers);
  const band = bandOf(instrument, score);
  const safetyAlert = needsSafetyAlert(input.instrument, input.answers);
  const createdAt = ctx.now().toISOString();
  const { measure, alertId } = await ctx.db.transaction().execute(async (trx) => {
    const measure = await insertMeasure(trx, { patientId: ctx.user.id, instrument: input.instrument, answers: input.answers, score, band, createdAt });
    await endOneTimeAssignments(trx, ctx.user.id, input.instrument, createdAt);
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "measure.submit",
        outcome: "success",
        targetType: "measure",
        targetId: measure.id,
        request: ctx.request,
        details: { instrument: input.instrument },
      },
      trx,
    );
    if (!safetyAlert) return { measure, alertId: null };
    const alertId = await insertMeasureAlert(trx, { measureId: measure.id, patientId: ctx.user.id, createdAt });
    // Each of the patient's doctors hears of it by email too, within the worker's next minute:
    // written with the alert, so one exists exactly when the other does.
    const doctors = await listActiveCareDoctorIds(trx, ctx.user.id);
    await enqueueNotices(
      ctx,
      trx,
      doctors.map((doctorId) => ({ kind: "safety_alert" as const, userId: doctorId, params: {}, dedupeKey: `safety_alert:${alertId}:${doctorId}` })),
    );
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "measure.alert",
        outcome: "success",
        targetType: "user",
        targetId: ctx.user.id,
        request: ctx.request,
        details: { alertId },
      },
      trx,
    );
    return { measure, alertId };
  });
  // The patient is told who will see it: a patient no active doctor cares for must not wait for a call.
  const doctorIds = await listActiveCareDoctorIds(ctx.db, ctx.user.id);
  if (alertId !== null) {
    ctx.events.publish({
      type: "measure_alert",
      data: { alertId, patientId: ctx.user.id, patientName: `${ctx.user.firstName} ${ctx.user.lastName}`, createdAt },
      recipients: doctorIds,
    });
  }
  return {
    id: measure.id,
    instrument: input.instrument,
    score,
    band,
    createdAt,
    safetyAlert,
    hasTherapist: doctorIds.length > 0,
    crisisResources: safetyAlert ? ctx.config.crisisResources : [],
  };
}

/** A patient's measures, oldest first: to the patient, their doctors and admins; anyone else learns nothing (404). */
export async function measureHistory(ctx: Caller, patientId: number): Promise<MeasureRecord[]> {
  const access = await careAccessTo(ctx, patientId);
  const patient = access ? await findUserById(ctx.db, patientId) : undefined;
  if (!access || !patient || patient.role !== "patient") throw new AppError("NOT_FOUND", NO_SUCH_PATIENT);
  const measures = await listMeasures(ctx.db, patientId);
  if (access !== "self") {
    await recordAudit(ctx, { actorId: ctx.user.id, action: "measure.read", outcome: "success", targetType: "user", targetId: patientId, request: ctx.request });
  }
  return measures.map(({ id, instrument, answers, score, band, createdAt }) => ({
    id,
    instrument: instrument as InstrumentId,
    answers,
    score,
    band,
    createdAt,
  }));
}

/** A doctor asks their patient for a measure, once or before every session (in place of what they asked for it before). */
export async function assignMeasureTo(ctx: Caller, input: { patientId: number; instrument: InstrumentId; cadence: "once" | "before_every_session" }) {
  if (!(await isInCareOf(ctx.db, ctx.user.id, input.patientId))) throw new AppError("NOT_FOUND", NO_SUCH_PATIENT);
  return ctx.db.transaction().execute(async (trx) => {
    const assignment = await assignMeasure(trx, { ...input, doctorId: ctx.user.id, createdAt: ctx.now().toISOString() });
    // A form asked for once is due now: the patient hears of it with the request. One asked
    // before every session is due from 48 hours before each, which the care sweep notices.
    if (input.cadence === "once") {
      await enqueueNotices(ctx, trx, [
        { kind: "form_due", userId: input.patientId, params: { before: null }, dedupeKey: `form_due:assignment:${assignment.id}` },
      ]);
    }
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "measure.assign",
        outcome: "success",
        targetType: "user",
        targetId: input.patientId,
        request: ctx.request,
        details: { instrument: input.instrument, cadence: input.cadence },
      },
      trx,
    );
    return { ...assignment, instrument: input.instrument };
  });
}

/**
 * What the patient is asked to complete now: a one-time request until it is done; a request
 * before every session from 48 hours before their next scheduled session, unless they completed
 * that measure since then.
 */
export async function dueMeasures(ctx: Caller): Promise<DueMeasure[]> {
  const assignments = await openAssignments(ctx.db, ctx.user.id);
  if (assignments.length === 0) return [];
  const now = ctx.now();
  const beforeSessions = assignments.some((assignment) => assignment.cadence === "before_every_session");
  const nextSession = beforeSessions ? await nextScheduledStart(ctx.db, ctx.user.id, now.toISOString()) : undefined;
  // Due before a session only once its window has opened: from 48 hours before it.
  const windowOpened =
    nextSession && Date.parse(nextSession) - now.getTime() <= DUE_BEFORE_SESSION_MS
      ? new Date(Date.parse(nextSession) - DUE_BEFORE_SESSION_MS).toISOString()
      : undefined;
  const lastMeasured = windowOpened ? await lastMeasuredAtByInstrument(ctx.db, ctx.user.id) : new Map<string, string>();
  const due = new Map<InstrumentId, DueMeasure>();
  for (const assignment of assignments) {
    const instrument = assignment.instrument as InstrumentId;
    const last = lastMeasured.get(instrument);
    if (assignment.cadence === "once") {
      due.set(instrument, { instrument, name: INSTRUMENTS[instrument].name, sessionStart: due.get(instrument)?.sessionStart ?? null });
    } else if (windowOpened && nextSession && (last === undefined || last < windowOpened)) {
      due.set(instrument, { instrument, name: INSTRUMENTS[instrument].name, sessionStart: nextSession });
    }
  }
  return [...due.values()];
}

/** Open safety alerts: a doctor's patients', or every patient's for an admin. */
export async function openAlerts(ctx: Caller): Promise<MeasureAlert[]> {
  const alerts = await openMeasureAlerts(ctx.db, ctx.user.role === "admin" ? null : ctx.user.id);
  return alerts.map(({ patientFirstName, patientLastName, ...alert }) => ({ ...alert, patientName: `${patientFirstName} ${patientLastName}` }));
}

/** A doctor of the patient closes the alert with what was done; it is kept with the alert and audited. */
export async function acknowledgeAlert(ctx: Caller, input: { id: number; note: string }): Promise<{ id: number; acknowledgedAt: string }> {
  const alert = await findMeasureAlert(ctx.db, input.id);
  if (!alert || !(await isInCareOf(ctx.db, ctx.user.id, alert.patientId))) throw new AppError("NOT_FOUND", "No such alert.");
  const acknowledgedAt = ctx.now().toISOString();
  const closed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await acknowledgeMeasureAlert(trx, { id: input.id, by: ctx.user.id, at: acknowledgedAt, note: input.note }))) return false;
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "measure.alert_ack",
        outcome: "success",
        targetType: "user",
        targetId: alert.patientId,
        request: ctx.request,
        details: { alertId: input.id },
      },
      trx,
    );
    return true;
  });
  if (!closed) throw new AppError("CONFLICT", "This alert was already acknowledged.");
  ctx.events.publish({
    type: "measure_alert_closed",
    data: { alertId: input.id, patientId: alert.patientId },
    recipients: await listActiveCareDoctorIds(ctx.db, alert.patientId),
  });
  return { id: input.id, acknowledgedAt };
}
