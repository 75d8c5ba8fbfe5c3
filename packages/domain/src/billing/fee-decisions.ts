// Deciding no-show and late-cancellation fees: the session's doctor or an admin approves or waives
// each (a first-session no-show is forgiven in one call); a doctor sees the fees of their own
// sessions, an admin all of them.
import { findPendingFee, listPendingFees, type PendingFee, type PendingFeeStatus, type User } from "@halcyon/db";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { feeViews } from "./account";
import type { PendingFeeView } from "./billing.schema";
import { approveFee, forgiveFirstNoShow, waiveFee } from "./charges";

type Ctx = RequestContext & { user: User };

export async function listFees(ctx: Ctx, input: { status?: PendingFeeStatus; limit?: number } = {}): Promise<PendingFeeView[]> {
  const fees = await listPendingFees(ctx.db, {
    ...(input.status ? { status: input.status } : {}),
    ...(ctx.user.role === "doctor" ? { doctorId: ctx.user.id } : {}),
    limit: input.limit ?? 100,
  });
  return feeViews(ctx.db, fees);
}

/** The fee, if the caller may decide it: its session's doctor, or an admin. */
async function decidableFee(ctx: Ctx, id: number): Promise<PendingFee> {
  const fee = await findPendingFee(ctx.db, id);
  if (!fee) throw new AppError("NOT_FOUND", "No such fee.");
  if (ctx.user.role === "doctor" && fee.doctorId !== ctx.user.id) throw new AppError("FORBIDDEN", "Doctors decide the fees of their own sessions only.");
  return fee;
}

async function decided(ctx: Ctx, id: number): Promise<PendingFeeView> {
  const [view] = await feeViews(ctx.db, [(await findPendingFee(ctx.db, id))!]);
  return view!;
}

export async function approve(ctx: Ctx, input: { id: number; reason?: string | undefined }): Promise<PendingFeeView> {
  const fee = await decidableFee(ctx, input.id);
  await ctx.db.transaction().execute((trx) => approveFee(ctx, trx, fee, { by: ctx.user.id, reason: input.reason || null }));
  return decided(ctx, fee.id);
}

export async function waive(ctx: Ctx, input: { id: number; reason: string }): Promise<PendingFeeView> {
  const fee = await decidableFee(ctx, input.id);
  await ctx.db.transaction().execute((trx) => waiveFee(ctx, trx, fee, { by: ctx.user.id, reason: input.reason }));
  return decided(ctx, fee.id);
}

export async function forgive(ctx: Ctx, input: { id: number }): Promise<PendingFeeView> {
  const fee = await decidableFee(ctx, input.id);
  await ctx.db.transaction().execute((trx) => forgiveFirstNoShow(ctx, trx, fee, ctx.user.id));
  return decided(ctx, fee.id);
}
