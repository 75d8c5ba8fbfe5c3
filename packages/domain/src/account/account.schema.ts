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
export const userSessionsInputSchema = z.object({ id: idOf("id") });
export const sessionsEndedSchema = z.object({ ended: z.number().int() });
