// What the waitlist procedures accept and answer. Browser-safe.
import { z } from "zod";
import { workingPeriodInputSchema } from "../admin/admin.schema";
import { idOf } from "../record-id";

/** The longest a patient may wait on one entry: an offer further out than this is no freed hour. */
export const WAITLIST_MAX_DAYS = 180;

export const joinWaitlistInputSchema = z
  .object({
    /** The doctor whose hours they wait for; left out, any doctor's (for `serviceId`). */
    doctorId: idOf("doctorId").optional(),
    /** The service to book when offered; left out, the clinic's default individual service. */
    serviceId: idOf("serviceId").optional(),
    /** The weekdays and clock times (the clinic's zone) that suit them: a session must fit inside one. */
    times: z.array(workingPeriodInputSchema).min(1, "Choose at least one day and time that suits you").max(21, "At most three times a day"),
    /** The last date (YYYY-MM-DD, the clinic's calendar) they want an offer for. */
    untilDate: z.string({ error: "Give the last date as YYYY-MM-DD" }).regex(/^\d{4}-\d{2}-\d{2}$/, "Give the last date as YYYY-MM-DD"),
  })
  .refine((input) => input.doctorId !== undefined || input.serviceId !== undefined, "Choose a doctor, or a service to wait for with any doctor")
  .meta({ id: "JoinWaitlistInput" });
export type JoinWaitlistInput = z.input<typeof joinWaitlistInputSchema>;

export const waitlistEntrySchema = z
  .object({
    id: z.number().int(),
    patientId: z.number().int(),
    patientName: z.string(),
    /** Null: any doctor. */
    doctorId: z.number().int().nullable(),
    doctorName: z.string().nullable(),
    serviceId: z.number().int().nullable(),
    serviceName: z.string().nullable(),
    times: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
    untilDate: z.string(),
    joinedAt: z.string(),
    /** Whole days since they joined, by the server's clock (what "waited" means on the doctor's list). */
    waitedDays: z.number().int(),
  })
  .meta({ id: "WaitlistEntry" });
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistListInputSchema = z.object({ doctorId: idOf("doctorId").optional() }).optional();

/** An offer as its patient sees it: the hour, with whom, until when it is held. Never who freed it. */
export const waitlistOfferSchema = z
  .object({
    id: z.number().int(),
    entryId: z.number().int(),
    doctorId: z.number().int(),
    doctorName: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: "WaitlistOffer" });
export type WaitlistOffer = z.infer<typeof waitlistOfferSchema>;

export const waitlistIdInputSchema = z.object({ id: idOf("id") });
