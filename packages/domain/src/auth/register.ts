import type { User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { createUser } from "../users/create-user";
import type { registerInputSchema } from "./auth.schema";
import { beginSession } from "./sessions";
import { countAttempt, REGISTRATIONS_PER_ADDRESS } from "./throttle";
import type { z } from "zod";

/**
 * Creates a patient account and signs it in. Always a patient, whatever the body says: only an
 * admin creates doctors and admins.
 */
export async function registerPatient(ctx: RequestContext, input: z.output<typeof registerInputSchema>): Promise<User> {
  // Counted before the account is made, whether or not it then succeeds.
  const counted = await countAttempt(ctx, [{ rule: REGISTRATIONS_PER_ADDRESS, key: ctx.request.ip ?? "unknown" }]);
  if (!counted.admitted) {
    throw new AppError("RATE_LIMITED", "Too many accounts were created from this network recently. Please try again later.", {
      retryAfterSeconds: counted.retryAfterSeconds,
    });
  }

  const user = await createUser(
    ctx,
    {
      username: input.username,
      ...(input.password !== undefined ? { password: input.password } : { authKey: input.authKey! }),
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      dateOfBirth: input.dateOfBirth,
      email: input.email ?? null,
      role: "patient",
    },
    (trx, created) =>
      recordAudit(
        ctx,
        { actorId: created.id, action: "auth.register", outcome: "success", targetType: "user", targetId: created.id, request: ctx.request },
        trx,
      ),
  );
  await beginSession(ctx, user.id);
  return user;
}
