import { z } from "zod";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { doctorCredentials, updateDoctorCredentials } from "./credentials";
import { doctorCredentialsSchema, doctorIdInputSchema, doctorSchema, updateDoctorCredentialsInputSchema } from "./doctor.schema";
import { listActiveDoctors } from "@halcyon/db";

export const doctorsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: "GET", path: "/doctors", tags: ["doctors"], summary: "The clinic's doctors", protect: true } })
    .input(z.void())
    .output(z.array(doctorSchema))
    .query(({ ctx }) => listActiveDoctors(ctx.db)),

  credentials: roleProcedure("doctor", "admin")
    .meta({
      openapi: {
        method: "GET",
        path: "/doctors/{doctorId}/credentials",
        tags: ["doctors"],
        summary: "A doctor's licence and NPI as superbills print them: to the doctor themselves and admins",
        protect: true,
      },
    })
    .input(doctorIdInputSchema)
    .output(doctorCredentialsSchema)
    .query(({ ctx, input }) => doctorCredentials(ctx, input.doctorId)),

  setCredentials: roleProcedure("admin")
    .meta({
      openapi: {
        method: "PUT",
        path: "/doctors/{doctorId}/credentials",
        tags: ["doctors"],
        summary: "Set a doctor's licence and NPI (an NPI's check digit must hold; empty removes either)",
        protect: true,
      },
    })
    .input(updateDoctorCredentialsInputSchema)
    .output(doctorCredentialsSchema)
    .mutation(({ ctx, input }) => updateDoctorCredentials(ctx, input)),
});
