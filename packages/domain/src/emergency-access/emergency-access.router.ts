import { z } from "zod";
import { auditRead } from "../audit/read-audit";
import { roleProcedure, router } from "../trpc";
import {
  emergencyAccessInputSchema,
  emergencyAccessReviewItemSchema,
  emergencyAccessSchema,
  requestEmergencyAccessInputSchema,
  reviewEmergencyAccessInputSchema,
} from "./emergency-access.schema";
import { approveEmergencyAccess, emergencyAccessToReview, openEmergencyAccess, requestEmergencyAccess, reviewEmergencyAccess } from "./emergency-access";

const doctorProcedure = roleProcedure("doctor");
const adminProcedure = roleProcedure("admin");

export const emergencyAccessRouter = router({
  request: doctorProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/emergency-access",
        tags: ["emergency access"],
        summary:
          "Open the session notes of a patient not in your care, for one hour, giving a written reason; audited and reviewed by an admin. After an admin ended your care of that patient, the request awaits an admin's approval first",
        protect: true,
      },
    })
    .input(requestEmergencyAccessInputSchema)
    .output(emergencyAccessSchema)
    .mutation(({ ctx, input }) => requestEmergencyAccess(ctx, input)),

  current: doctorProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/emergency-access",
        tags: ["emergency access"],
        summary: "Your open emergency access to a patient's record, else your request awaiting an admin's approval, or null",
        protect: true,
      },
    })
    .input(emergencyAccessInputSchema)
    .output(emergencyAccessSchema.nullable())
    .query(({ ctx, input }) => openEmergencyAccess(ctx, input.patientId)),

  toReview: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/emergency-access",
        tags: ["emergency access"],
        summary: "Emergency accesses waiting for an admin's review (and requests awaiting approval), oldest first",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(emergencyAccessReviewItemSchema))
    .query(async ({ ctx }) => {
      const items = await emergencyAccessToReview(ctx);
      await auditRead(
        ctx,
        "emergency_access.read",
        { type: "emergency_access" },
        items.map((item) => item.id),
      );
      return items;
    }),

  review: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/emergency-access/{id}/review",
        tags: ["emergency access"],
        summary: "Mark an emergency access reviewed (a request awaiting approval is thereby declined)",
        protect: true,
      },
    })
    .input(reviewEmergencyAccessInputSchema)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await reviewEmergencyAccess(ctx, input.id);
      return { success: true as const };
    }),

  approve: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/emergency-access/{id}/approve",
        tags: ["emergency access"],
        summary: "Approve a request awaiting approval: the record opens to its doctor for one hour from now (needs a recent re-check)",
        protect: true,
      },
    })
    .input(reviewEmergencyAccessInputSchema)
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await approveEmergencyAccess(ctx, input.id);
      return { success: true as const };
    }),
});
