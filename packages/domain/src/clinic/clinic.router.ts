import { listActiveDoctors } from "@halcyon/db";
import { z } from "zod";
import { currentSettings } from "../admin/settings";
import { publicProcedure, router } from "../trpc";
import { clinicProfileSchema, type ClinicProfile } from "./clinic.schema";

export const clinicRouter = router({
  // Public, so the team page can present the bookable clinicians and every screen can state the
  // clinic's real cancellation window before anyone signs in.
  profile: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/clinic",
        tags: ["clinic"],
        summary: "The clinic's hours, cancellation window, bookable clinicians and whether it takes cards",
        protect: false,
      },
    })
    .input(z.void())
    .output(clinicProfileSchema)
    .query(async ({ ctx }): Promise<ClinicProfile> => {
      const { clinicName, clinicTimeZone, defaultWorkingHours, cancellationWindowHours } = currentSettings(ctx);
      const doctors = await listActiveDoctors(ctx.db);
      return {
        clinicName,
        clinicTimeZone,
        defaultWorkingHours,
        cancellationWindowHours,
        clinicians: doctors.map(({ id, firstName, lastName, specialization }) => ({ id, firstName, lastName, specialization })),
        currency: ctx.config.billing.currency,
        cardPayments: ctx.cards !== null,
      };
    }),
});
