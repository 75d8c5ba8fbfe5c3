import { z } from "zod";
import { idOf } from "../record-id";
import { roleProcedure, router } from "../trpc";
import { deliveryLogPage, resendNotice, sendTestEmail } from "./delivery-log";
import { deliveredNoticeSchema, deliveryLogInputSchema, deliveryLogPageSchema } from "./delivery-log.schema";

const adminProcedure = roleProcedure("admin");

export const deliveryLogRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/notices",
        tags: ["admin"],
        summary: "The Delivery log: every notice sent or to send, newest first",
        protect: true,
      },
    })
    .input(deliveryLogInputSchema)
    .output(deliveryLogPageSchema)
    .query(({ ctx, input }) => deliveryLogPage(ctx, input)),

  resend: adminProcedure
    .meta({ openapi: { method: "POST", path: "/admin/notices/{id}/resend", tags: ["admin"], summary: "Send a notice again", protect: true } })
    .input(z.object({ id: idOf("id") }))
    .output(deliveredNoticeSchema)
    .mutation(({ ctx, input }) => resendNotice(ctx, input.id)),

  sendTest: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/notices/test", tags: ["admin"], summary: "Send a test email to your own verified address", protect: true },
    })
    .input(z.void())
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx }) => {
      await sendTestEmail(ctx);
      return { success: true as const };
    }),
});
