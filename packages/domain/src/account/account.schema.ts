import { z } from "zod";
import { idOf } from "../record-id";
import { isTimeZone } from "../time-zone";

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

/** How the clinic reaches the member: their address (used only once verified) and their own time zone. */
export const contactSchema = z
  .object({ email: z.string().nullable(), emailVerifiedAt: z.string().nullable(), timeZone: z.string().nullable() })
  .meta({ id: "AccountContact" });
export type ContactViewOutput = z.infer<typeof contactSchema>;

export const changeEmailInputSchema = z.object({
  email: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : typeof value === "string" ? value.trim() : value),
    z.email("Enter a valid email address, or leave it empty to remove it").max(254, "Email addresses can be at most 254 characters").nullable(),
  ),
});

export const timeZoneInputSchema = z.object({
  timeZone: z
    .string({ error: "Send an IANA time zone, such as Europe/London." })
    .max(64, "Send an IANA time zone, such as Europe/London.")
    .refine(isTimeZone, "Send an IANA time zone, such as Europe/London."),
});

/** A signed link's token, as a page received it in `?token=`. */
export const linkTokenInputSchema = z.object({
  token: z
    .string({ error: "This link is not complete: open it from the email again." })
    .min(1, "This link is not complete: open it from the email again.")
    .max(2048),
});
export const emailVerifiedSchema = z.object({ email: z.string() });
export const notMeReportedSchema = z.object({ sessionsEnded: z.number().int() });
