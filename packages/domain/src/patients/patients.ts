import { beginCare, listPatients as readPatients, usernameExists, type PatientSummary, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { createUserWithOneTimePassword } from "../users/create-user";
import type { addPatientInputSchema, listPatientsInputSchema } from "./patient.schema";
import type { z } from "zod";

export async function listPatients(ctx: RequestContext & { user: User }, input: z.output<typeof listPatientsInputSchema>): Promise<PatientSummary[]> {
  return readPatients(ctx.db, {
    ...(ctx.user.role === "doctor" ? { doctorId: ctx.user.id } : {}),
    ...(input?.search ? { search: input.search } : {}),
    limit: input?.limit ?? 50,
    offset: input?.offset ?? 0,
    now: ctx.now().toISOString(),
  });
}

async function freeUsername(ctx: RequestContext, firstName: string, lastName: string): Promise<string> {
  const base =
    `${firstName}.${lastName}`
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9.]/g, "")
      .replace(/\.+/g, ".")
      .replace(/^\.|\.$/g, "") || "patient";
  for (let suffix = 0; ; suffix += 1) {
    const candidate = suffix === 0 ? base : `${base}${suffix + 1}`;
    if (!(await usernameExists(ctx.db, candidate))) return candidate;
  }
}

/**
 * A doctor (or admin) opens an account for a patient; a doctor who does becomes their doctor, until
 * an admin ends it (care a doctor began this way does not rest on bookings).
 */
export async function addPatient(
  ctx: RequestContext & { user: User },
  input: z.output<typeof addPatientInputSchema>,
): Promise<{ patient: User; oneTimePassword: string }> {
  const { user: patient, oneTimePassword: password } = await createUserWithOneTimePassword(
    ctx,
    {
      username: await freeUsername(ctx, input.firstName, input.lastName),
      role: "patient",
      firstName: input.firstName,
      lastName: input.lastName,
      phoneNumber: input.phoneNumber,
      dateOfBirth: input.dateOfBirth,
      email: input.email ?? null,
    },
    async (trx, created) => {
      if (ctx.user.role === "doctor") await beginCare(trx, { doctorId: ctx.user.id, patientId: created.id, since: ctx.now().toISOString(), origin: "doctor" });
      await recordAudit(
        ctx,
        {
          actorId: ctx.user.id,
          action: "user.create",
          outcome: "success",
          targetType: "user",
          targetId: created.id,
          request: ctx.request,
          details: { role: "patient" },
        },
        trx,
      );
    },
  );
  return { patient, oneTimePassword: password };
}
