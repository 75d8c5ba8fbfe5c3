import { z } from "zod";
import { authedProcedure, router } from "../trpc";
import { calendarFeedStatus, createCalendarFeed, revokeCalendarFeed } from "./calendar-feed";

export const calendarRouter = router({
  feed: authedProcedure
    .meta({ openapi: { method: "GET", path: "/calendar-feed", tags: ["calendar"], summary: "Whether you have a calendar link", protect: true } })
    .input(z.void())
    .output(z.object({ active: z.boolean(), createdAt: z.string().nullable() }))
    .query(({ ctx }) => calendarFeedStatus(ctx)),

  createFeed: authedProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/calendar-feed",
        tags: ["calendar"],
        summary: "A new private calendar link (the old one stops working)",
        protect: true,
      },
    })
    .input(z.void())
    .output(z.object({ path: z.string() }))
    .mutation(({ ctx }) => createCalendarFeed(ctx)),

  revokeFeed: authedProcedure
    .meta({ openapi: { method: "DELETE", path: "/calendar-feed", tags: ["calendar"], summary: "Stop your calendar link working", protect: true } })
    .input(z.void())
    .output(z.object({ success: z.literal(true) }))
    .mutation(async ({ ctx }) => {
      await revokeCalendarFeed(ctx);
      return { success: true as const };
    }),
});
