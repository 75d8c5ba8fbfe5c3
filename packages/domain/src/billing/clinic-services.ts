// The clinic's services and patients' own rates: admins keep them; everyone signed in reads the
// active services (a booking names one). A change never touches the fee of a session already
// booked: each appointment keeps the fee it was agreed at.
import {
  findClinicService,
  findUserById,
  insertClinicService,
  listClinicServices,
  patientRatesOf,
  setPatientRate,
  updateClinicService,
  type ClinicService,
  type PatientRate,
  type User,
} from "@halcyon/db";
import type { z } from "zod";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { serviceFieldsSchema, setPatientRateInputSchema } from "./billing.schema";
import { cptCodeFor } from "./cpt";

type Ctx = RequestContext & { user: User };
type ServiceInput = z.output<typeof serviceFieldsSchema>;

/** Active services for everyone; admins may ask for retired ones too. */
export async function listServices(ctx: Ctx, includeInactive = false): Promise<ClinicService[]> {
  return listClinicServices(ctx.db, { activeOnly: !(includeInactive && ctx.user.role === "admin") });
}

function fieldsOf(input: ServiceInput) {
  return { ...input, cptCode: input.cptCode ?? cptCodeFor(input.kind, input.minutes) };
}

async function auditService(ctx: Ctx, id: number, change: "create" | "update", input: ServiceInput): Promise<void> {
  await recordAudit(ctx, {
    actorId: ctx.user.id,
    action: "billing.service_save",
    outcome: "success",
    targetType: "service",
    targetId: id,
    request: ctx.request,
    details: { change, feeMinor: input.feeMinor, active: input.active },
  });
}

export async function createService(ctx: Ctx, input: ServiceInput): Promise<ClinicService> {
  const id = await insertClinicService(ctx.db, fieldsOf(input), ctx.now().toISOString());
  await auditService(ctx, id, "create", input);
  return (await findClinicService(ctx.db, id))!;
}

export async function updateService(ctx: Ctx, input: ServiceInput & { id: number }): Promise<ClinicService> {
  if (!(await updateClinicService(ctx.db, input.id, fieldsOf(input), ctx.now().toISOString()))) throw new AppError("NOT_FOUND", "No such service.");
  await auditService(ctx, input.id, "update", input);
  return (await findClinicService(ctx.db, input.id))!;
}

async function assertPatient(ctx: Ctx, patientId: number): Promise<void> {
  const patient = await findUserById(ctx.db, patientId);
  if (!patient || patient.role !== "patient") throw new AppError("NOT_FOUND", "No such patient.");
}

export async function ratesOf(ctx: Ctx, patientId: number): Promise<PatientRate[]> {
  await assertPatient(ctx, patientId);
  return patientRatesOf(ctx.db, patientId);
}

/** Sets a patient's own fee for a service (their later bookings are agreed at it); null removes it. */
export async function setRate(ctx: Ctx, input: z.output<typeof setPatientRateInputSchema>): Promise<PatientRate[]> {
  await assertPatient(ctx, input.patientId);
  if (!(await findClinicService(ctx.db, input.serviceId))) throw new AppError("NOT_FOUND", "No such service.");
  await ctx.db.transaction().execute(async (trx) => {
    await setPatientRate(trx, { ...input, setBy: ctx.user.id, setAt: ctx.now().toISOString() });
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "billing.rate_set",
        outcome: "success",
        targetType: "patient",
        targetId: input.patientId,
        request: ctx.request,
        details: { serviceId: input.serviceId, feeMinor: input.feeMinor },
      },
      trx,
    );
  });
  return patientRatesOf(ctx.db, input.patientId);
}
