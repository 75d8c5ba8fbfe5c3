// A series' shape as the appointment_series row keeps it, both ways.
import type { SeriesPatch, SeriesRecord } from "@halcyon/db";
import { ruleText, type Occurrence, type SeriesInterval, type SeriesShape } from "./recurrence";

export function shapeOfSeries(series: SeriesRecord): SeriesShape {
  return {
    firstDate: series.firstDate,
    clockMinute: series.clockMinute,
    intervalWeeks: series.intervalWeeks as SeriesInterval,
    timeZone: series.timeZone,
    end: series.occurrences !== null ? { occurrences: series.occurrences } : { untilDate: series.untilDate! },
  };
}

/** The columns a shape (with its occurrences, for the rule) is stored in. */
export function storedShape(shape: SeriesShape, occurrences: readonly Occurrence[], updatedAt: string): SeriesPatch {
  return {
    rule: ruleText(shape, occurrences),
    firstDate: shape.firstDate,
    clockMinute: shape.clockMinute,
    untilDate: "untilDate" in shape.end ? shape.end.untilDate : null,
    occurrences: "occurrences" in shape.end ? shape.end.occurrences : null,
    updatedAt,
  };
}
