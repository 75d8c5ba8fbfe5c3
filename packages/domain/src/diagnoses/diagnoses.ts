// Diagnoses are health information: read on the same grounds as session notes (the patient,
// their doctors, admins, a doctor under emergency access; each read audited), written only by a
// doctor while the patient is in their care, every change audited.
import { findDiagnosis, findUserById, insertDiagnosis, listDiagnoses, resolveDiagnosis, type DiagnosisView, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { auditRead } from "../audit/read-audit";
import { assertStillCaring, recordAccessTo } from "../care/record-access";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { USER_NOT_FOUND } from "../treatment-sessions/treatment-sessions";
import type { Diagnosis } from "./diagnosis.schema";
import { ICD10_CODES, isListedIcd10Code, type Icd10Code } from "./icd10-codes";

type Caller = RequestContext & { user: User };

const DIAGNOSIS_NOT_FOUND = "No such diagnosis.";

/** A stored code's description; a code since dropped from the list still shows, as recorded. */
export function describeIcd10(code: string): string {
  return isListedIcd10Code(code) ? ICD10_CODES[code] : code;
}

function asDiagnosis({ id, patientId, code, recordedByName, recordedAt, resolvedAt }: DiagnosisView): Diagnosis {
  return { id, patientId, code, description: describeIcd10(code), recordedByName, recordedAt, resolvedAt };
}

export async function patientDiagnoses(ctx: Caller, patientId: number): Promise<Diagnosis[]> {
  const [access, patient] = await Promise.all([recordAccessTo(ctx, patientId), findUserById(ctx.db, patientId)]);
  if (!access || !patient || patient.role !== "patient") throw new AppError("NOT_FOUND", USER_NOT_FOUND);
  const diagnoses = await listDiagnoses(ctx.db, patientId);
  if (access.kind !== "self") {
    await auditRead(
      ctx,
      "diagnosis.read",
      { type: "patient", id: patientId },
      diagnoses.map((diagnosis) => diagnosis.id),
      access.kind === "emergency" ? { emergencyAccessId: access.grant.id } : undefined,
    );
  }
  return diagnoses.map(asDiagnosis);
}

/** A doctor records a diagnosis of a patient in their care; a code already current is a conflict. */
export async function recordDiagnosis(ctx: Caller, input: { patientId: number; code: Icd10Code }): Promise<Diagnosis> {
  const patient = await findUserById(ctx.db, input.patientId);
  if (!patient || patient.role !== "patient") throw new AppError("NOT_FOUND", USER_NOT_FOUND);
  // A doctor never in the patient's care learns nothing of them (404), as for their notes.
  if (!(await recordAccessTo(ctx, input.patientId))) throw new AppError("NOT_FOUND", USER_NOT_FOUND);
  await assertStillCaring(ctx, input.patientId);
  const current = await listDiagnoses(ctx.db, input.patientId);
  if (current.some((diagnosis) => diagnosis.code === input.code && diagnosis.resolvedAt === null)) {
    throw new AppError("CONFLICT", `${input.code} is already among this patient's current diagnoses.`);
  }
  const recordedAt = ctx.now().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertDiagnosis(trx, { patientId: input.patientId, code: input.code, recordedBy: ctx.user.id, recordedAt });
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "diagnosis.create",
        outcome: "success",
        targetType: "patient",
        targetId: input.patientId,
        request: ctx.request,
        details: { diagnosisId: id },
      },
      trx,
    );
    return id;
  });
  return {
    id,
    patientId: input.patientId,
    code: input.code,
    description: ICD10_CODES[input.code],
    recordedByName: `${ctx.user.firstName} ${ctx.user.lastName}`,
    recordedAt,
    resolvedAt: null,
  };
}

/** A doctor of the patient marks a diagnosis no longer current; it stays in the history. */
export async function resolvePatientDiagnosis(ctx: Caller, id: number): Promise<Diagnosis> {
  const diagnosis = await findDiagnosis(ctx.db, id);
  if (!diagnosis || !(await recordAccessTo(ctx, diagnosis.patientId))) throw new AppError("NOT_FOUND", DIAGNOSIS_NOT_FOUND);
  await assertStillCaring(ctx, diagnosis.patientId);
  const resolvedAt = ctx.now().toISOString();
  const resolved = await ctx.db.transaction().execute(async (trx) => {
    if (!(await resolveDiagnosis(trx, id, ctx.user.id, resolvedAt))) return false;
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "diagnosis.resolve",
        outcome: "success",
        targetType: "patient",
        targetId: diagnosis.patientId,
        request: ctx.request,
        details: { diagnosisId: id },
      },
      trx,
    );
    return true;
  });
  if (!resolved) throw new AppError("CONFLICT", "This diagnosis was already resolved.");
  const after = (await listDiagnoses(ctx.db, diagnosis.patientId)).find((row) => row.id === id);
  if (!after) throw new Error(`diagnosis ${id} vanished after resolving`);
  return asDiagnosis(after);
}
