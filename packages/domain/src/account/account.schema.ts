import { z } from "zod";
import { idOf } from "../record-id";

export const memberSessionSchema = z.object({
  id: z.string(),
  /** The session of the request that asked: "this device". */
  current: z.boolean(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type MemberSessionView = z.infer<typeof memberSessionSchema>;

export const sessionIdInputSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, "A session id is 22 letters, digits, - or _.") });
export const memberIdInputSchema = z.object({ id: idOf("id") });
export const sessionsEndedSchema = z.object({ ended: z.number().int() });

export const accountNoticeKindSchema = z.enum(["password_review", "two_step_reset"]);
export type AccountNoticeKindView = z.infer<typeof accountNoticeKindSchema>;

/** Something the member is told once, at their next visit: their password falls short of the rules, or an admin reset their two-step sign-in. */
export const accountNoticeSchema = z.object({ kind: accountNoticeKindSchema, createdAt: z.string() }).meta({ id: "AccountNotice" });
export type AccountNoticeView = z.infer<typeof accountNoticeSchema>;
export const noticeKindInputSchema = z.object({ kind: accountNoticeKindSchema });
