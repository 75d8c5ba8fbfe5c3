// What the series procedures accept and answer. Browser-safe.
import { z } from "zod";
import { appointmentSchema } from "../appointments/appointment.schema";
import { idOf, recordId } from "../record-id";

/** The most sessions one series books. */
export const SERIES_MAX = 52;

/** How often a series may repeat, in weeks. */
export const SERIES_INTERVAL_WEEKS = [1, 2, 4] as const;
const INTERVAL = "A series repeats every 1, 2 or 4 weeks (intervalWeeks)";

const instant = (what: string) =>
  z.iso.datetime({ offset: true, error: `Give the ${what} as an ISO-8601 time with its offset, like 2026-11-23T10:00:00-05:00` });
const calendarDate = (what: string) => z.string({ error: `Give ${what} as YYYY-MM-DD` }).regex(/^\d{4}-\d{2}-\d{2}$/, `Give ${what} as YYYY-MM-DD`);

const seriesFields = {
  doctorId: recordId("Choose the doctor (doctorId)"),
  /** Patients book for themselves and may leave it out; doctors and admins name the patient. */
  patientId: idOf("patientId").optional(),
  /** The first session; its weekday and clock time (in the clinic's zone) are every session's. */
  firstStart: instant("first session's date and time"),
  // Coerced: the preview reads these from a query string.
  intervalWeeks: z.coerce.number({ error: INTERVAL }).refine((weeks) => (SERIES_INTERVAL_WEEKS as readonly number[]).includes(weeks), INTERVAL),
  /** The last date (inclusive, in the clinic's zone)… */
  untilDate: calendarDate("the last date").optional(),
  /** …or the number of sessions. */
  count: z.coerce
    .number({ error: "Give the number of sessions as a whole number" })
    .int("Give the number of sessions as a whole number")
    .min(1, "A series has at least one session")
    .max(SERIES_MAX, `A series has at most ${SERIES_MAX} sessions`)
    .optional(),
};

const oneEnd = (input: { untilDate?: string | undefined; count?: number | undefined }) => (input.untilDate === undefined) !== (input.count === undefined);
const ONE_END = "End the series either on a date (untilDate) or after a number of sessions (count), not both";

export const seriesPreviewInputSchema = z.object(seriesFields).refine(oneEnd, ONE_END).meta({ id: "SeriesPreviewInput" });
export type SeriesPreviewInput = z.input<typeof seriesPreviewInputSchema>;

/** Why an occurrence cannot be booked as the rule places it. */
export const occurrenceProblemSchema = z.enum(["doctor_busy", "patient_busy", "outside_hours"]);

export const seriesPreviewSchema = z
  .object({
    timeZone: z.string(),
    /** The RRULE the series will have. */
    rule: z.string(),
    occurrences: z.array(
      z.object({
        /** The instant the rule places it at: what a `skip` or a `moveTo` names. */
        occurrence: z.string(),
        date: z.string(),
        /** Null when it can be booked as it is. */
        problem: occurrenceProblemSchema.nullable(),
      }),
    ),
  })
  .meta({ id: "SeriesPreview" });
export type SeriesPreview = z.infer<typeof seriesPreviewSchema>;

export const bookSeriesInputSchema = z
  .object({
    ...seriesFields,
    title: z.string({ error: "A title is required" }).trim().min(1, "A title is required").max(120, "Titles can be at most 120 characters"),
    description: z.string().trim().max(2000, "Descriptions can be at most 2000 characters").nullish(),
    serviceId: idOf("serviceId").optional(),
    /** What to do with occurrences the preview said are taken: leave them out, or book another time instead. */
    exceptions: z
      .array(
        z.union([
          z.object({ occurrence: instant("occurrence to skip"), skip: z.literal(true) }),
          z.object({ occurrence: instant("occurrence to move"), moveTo: instant("other time") }),
        ]),
      )
      .max(SERIES_MAX, `A series has at most ${SERIES_MAX} sessions`)
      .optional(),
  })
  .refine(oneEnd, ONE_END)
  .meta({ id: "BookSeriesInput" });
export type BookSeriesInput = z.input<typeof bookSeriesInputSchema>;

export const seriesScopeSchema = z.enum(["this", "following", "series"], { error: "Say which sessions: this, following or series" });
export type SeriesScope = z.infer<typeof seriesScopeSchema>;

export const changeSeriesInputSchema = z
  .object({
    /** The session the change is asked from. */
    id: idOf("Appointment id"),
    scope: seriesScopeSchema,
    /** The chosen session's new date and time; the others of the scope keep their place relative to it. */
    startTime: instant("new date and time").optional(),
    title: z.string().trim().min(1, "A title cannot be empty").max(120, "Titles can be at most 120 characters").optional(),
    description: z.string().trim().max(2000, "Descriptions can be at most 2000 characters").nullish(),
    status: z.literal("cancelled", { error: "A series' sessions can be cancelled (status: cancelled); complete them one at a time" }).optional(),
  })
  .refine((input) => ["startTime", "title", "description", "status"].some((key) => key in input), "Say what to change: startTime, title, description or status")
  .meta({ id: "ChangeSeriesInput" });
export type ChangeSeriesInput = z.input<typeof changeSeriesInputSchema>;

export const seriesChangeSchema = z.object({ appointments: z.array(appointmentSchema) }).meta({ id: "SeriesChange" });
