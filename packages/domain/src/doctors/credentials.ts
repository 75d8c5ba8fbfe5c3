// A clinician's licence and NPI, printed on the superbills and estimates that name them: kept by
// an admin (a wrong NPI gets a patient's claim refused), read by the clinician themselves and admins.
import { findDoctorCredentials, setDoctorCredentials, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { DoctorCredentialsView } from "./doctor.schema";

type Caller = RequestContext & { user: User };

const NO_SUCH_DOCTOR = "No such doctor.";

export async function doctorCredentials(ctx: Caller, doctorId: number): Promise<DoctorCredentialsView> {
  // A doctor reads only their own; anyone else's does not exist for them.
  if (ctx.user.role !== "admin" && ctx.user.id !== doctorId) throw new AppError("NOT_FOUND", NO_SUCH_DOCTOR);
  const [found] = await findDoctorCredentials(ctx.db, [doctorId]);
  if (!found) throw new AppError("NOT_FOUND", NO_SUCH_DOCTOR);
  return found;
}

export async function updateDoctorCredentials(
  ctx: Caller,
  input: { doctorId: number; licence: string | null; npi: string | null },
): Promise<DoctorCredentialsView> {
  const updated = await ctx.db.transaction().execute(async (trx) => {
    if (!(await setDoctorCredentials(trx, input.doctorId, { licence: input.licence, npi: input.npi }))) return false;
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "admin.credentials_update",
        outcome: "success",
        targetType: "user",
        targetId: input.doctorId,
        request: ctx.request,
      },
      trx,
    );
    return true;
  });
  if (!updated) throw new AppError("NOT_FOUND", NO_SUCH_DOCTOR);
  return doctorCredentials(ctx, input.doctorId);
}
