import { z } from "zod";

/** The statuses an admin filters by; "waiting" includes a notice being sent at this moment. */
export const DELIVERY_FILTERS = ["waiting", "sent", "failed", "given_up", "unsent"] as const;

const NEXT_BEFORE = "Pass the nextBefore of the previous page";

/** The id of the previous page's last notice: an id a database holds. Notices are numbered as they are written. */
function isPageCursor(cursor: string): boolean {
  return /^\d{1,10}$/.test(cursor) && Number(cursor) <= 2_147_483_647;
}

export const deliveryLogInputSchema = z
  .object({
    status: z.enum(DELIVERY_FILTERS, { error: "Filter by waiting, sent, failed, given_up or unsent" }).optional(),
    /** `nextBefore` of the previous page. */
    before: z.string().refine(isPageCursor, NEXT_BEFORE).optional(),
    limit: z.coerce.number().int().min(1).max(100).optional(),
  })
  .optional();
export type DeliveryLogInput = z.infer<typeof deliveryLogInputSchema>;

export const deliveredNoticeSchema = z
  .object({
    id: z.number().int(),
    /** The kind of notice ("clinic_test_email", …). */
    kind: z.string(),
    channel: z.enum(["email", "sms"]),
    recipient: z.object({ userId: z.number().int().nullable(), name: z.string().nullable(), address: z.string() }),
    /** All of the content the log shows. */
    subject: z.string(),
    createdAt: z.string(),
    status: z.enum(["waiting", "sending", "sent", "failed", "given_up", "unsent"]),
    attempts: z.number().int(),
    /** The server's reply when sent; why, when it failed, was given up or not sent. */
    result: z.string().nullable(),
    sentAt: z.string().nullable(),
    /** When a failed notice is tried again. */
    nextAttemptAt: z.string().nullable(),
  })
  .meta({ id: "DeliveredNotice" });
export type DeliveredNotice = z.infer<typeof deliveredNoticeSchema>;

export const deliveryLogPageSchema = z.object({ notices: z.array(deliveredNoticeSchema), nextBefore: z.string().nullable() });
export type DeliveryLogPage = z.infer<typeof deliveryLogPageSchema>;
