import { z } from "zod";

export const noticeTopicSchema = z.enum(["appointments", "reminders", "messages", "care_tasks", "safety_alerts", "note_digest", "payments", "security"], {
  error: "Choose one of the kinds of notice listed on your account page.",
});

export const noticeSwitchSchema = z.object({
  topic: noticeTopicSchema,
  label: z.string(),
  description: z.string(),
  /** Password and security notices: always on. */
  essential: z.boolean(),
  email: z.boolean(),
});

export const noticeSettingsSchema = z
  .object({
    switches: z.array(noticeSwitchSchema),
    /** Whether a new-message notice says from whom. */
    nameSenders: z.boolean(),
    /** A doctor's daily digest of unsigned notes, "HH:MM" on their own clock; null for others. */
    digestTime: z.string().nullable(),
    texts: z.object({
      /** Whether the clinic sends texts at all: without a provider the choice is not offered. */
      offered: z.boolean(),
      /** When the member opted in (null: texts off). */
      optedInAt: z.string().nullable(),
      /** The number texts go to. */
      number: z.string().nullable(),
      /** The number answered STOP: no texts until it answers START. */
      stopped: z.boolean(),
    }),
  })
  .meta({ id: "NoticeSettings" });
export type NoticeSettingsView = z.infer<typeof noticeSettingsSchema>;

export const setNoticeSwitchInputSchema = z.object({
  topic: noticeTopicSchema,
  email: z.boolean({ error: "Say whether to email this kind of notice: true or false." }),
});

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give a time of day as HH:MM, such as 17:30.");
export const updateNoticeSettingsInputSchema = z.object({
  nameSenders: z.boolean({ error: "Say whether notices may name who wrote: true or false." }).optional(),
  digestTime: clockTime.optional(),
});

export const setTextsInputSchema = z.object({ enabled: z.boolean({ error: "Say whether to get texts: true or false." }) });

export const unsubscribeInputSchema = z.object({ token: z.string().min(1, "This link is not complete: open it again from the email.").max(2000) });
export const unsubscribedSchema = z.object({ topic: noticeTopicSchema, label: z.string() }).meta({ id: "Unsubscribed" });
