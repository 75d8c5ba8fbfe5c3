import { authedProcedure, publicProcedure, router } from "../trpc";
import { z } from "zod";
import { describeUnsubscribe, noticeSettings, setNoticeSwitch, setTexts, unsubscribe, updateSettings } from "./notice-switches";
import {
  noticeSettingsSchema,
  setNoticeSwitchInputSchema,
  setTextsInputSchema,
  unsubscribedSchema,
  unsubscribeInputSchema,
  updateNoticeSettingsInputSchema,
} from "./notice-switches.schema";

/** The member's notice switches and the unsubscribe link of an email (issue 34 items 5, 6). */
export const noticesRouter = router({
  settings: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/account/notice-settings",
        tags: ["notices"],
        summary: "Your notices: an email switch per kind, whether message notices name who wrote, your digest's time, texts",
        protect: true,
      },
    })
    .input(z.void())
    .output(noticeSettingsSchema)
    .query(({ ctx }) => noticeSettings(ctx)),

  setSwitch: authedProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/account/notice-settings/switches",
        tags: ["notices"],
        summary: "Turn one kind of email notice on or off (password and security notices are always on)",
        protect: true,
      },
    })
    .input(setNoticeSwitchInputSchema)
    .output(noticeSettingsSchema)
    .mutation(({ ctx, input }) => setNoticeSwitch(ctx, input)),

  update: authedProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/account/notice-settings",
        tags: ["notices"],
        summary: "Whether message notices name who wrote; a doctor's time for the daily digest",
        protect: true,
      },
    })
    .input(updateNoticeSettingsInputSchema)
    .output(noticeSettingsSchema)
    .mutation(({ ctx, input }) => updateSettings(ctx, input)),

  setTexts: authedProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/account/notice-settings/texts",
        tags: ["notices"],
        summary: "Get reminders by text too, at your phone number (only where the clinic sends texts)",
        protect: true,
      },
    })
    .input(setTextsInputSchema)
    .output(noticeSettingsSchema)
    .mutation(({ ctx, input }) => setTexts(ctx, input)),

  unsubscribeLink: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/notices/unsubscribe/link",
        tags: ["notices"],
        summary: "What an email's unsubscribe link turns off",
        protect: false,
      },
    })
    .input(unsubscribeInputSchema)
    .output(unsubscribedSchema)
    .query(({ ctx, input }) => describeUnsubscribe(ctx, input.token)),

  unsubscribe: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/notices/unsubscribe/link",
        tags: ["notices"],
        summary: "Turn off the kind of email an unsubscribe link came with (also POST /api/notices/unsubscribe?token=, one-click)",
        protect: false,
      },
    })
    .input(unsubscribeInputSchema)
    .output(unsubscribedSchema)
    .mutation(({ ctx, input }) => unsubscribe(ctx, input.token)),
});
