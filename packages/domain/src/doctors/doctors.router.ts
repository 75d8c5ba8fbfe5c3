import { z } from "zod";
import { authedProcedure, router } from "../trpc";
import { doctorSchema } from "./doctor.schema";
import { listActiveDoctors } from "@halcyon/db";

export const doctorsRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: "GET", path: "/doctors", tags: ["doctors"], summary: "The clinic's doctors", protect: true } })
    .input(z.void())
    .output(z.array(doctorSchema))
    .query(({ ctx }) => listActiveDoctors(ctx.db)),
});
