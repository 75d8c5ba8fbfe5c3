import type { SeriesPreview } from "@halcyon/domain/schemas";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { CircleCheck, CalendarX2 } from "lucide-react";

import { formatLongDay, formatTime } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";
import { FreeTimes } from "./free-times";
import { PROBLEM_WORDS, type DateChoice, type SeriesRequest } from "./series-form";

/** The series' dates as the server sees them now (GET /api/doctors/{id}/series-preview). */
export function useSeriesPreview(doctorId: number | undefined, patientId: number | undefined, request: SeriesRequest | undefined) {
  return trpc.series.preview.useQuery(
    { doctorId: doctorId ?? 0, ...(patientId ? { patientId } : {}), ...(request ?? { firstStart: "", intervalWeeks: 1 }) },
    {
      enabled: doctorId !== undefined && request !== undefined,
      retry: false,
      // Which dates are taken changes while the patient looks: every look asks again.
      staleTime: 0,
    },
  );
}

type SeriesDatesProps = {
  doctorId: number;
  patientId?: number | undefined;
  preview: ReturnType<typeof useSeriesPreview>;
  choices: Readonly<Record<string, DateChoice>>;
  onChoose: (occurrence: string, choice: DateChoice) => void;
  disabled: boolean;
};

/** Every date of the series before it is booked, and for each taken one the patient's choice: skip it, or pick another free time that day. */
export function SeriesDates({ doctorId, patientId, preview, choices, onChoose, disabled }: SeriesDatesProps) {
  const data = preview.data;
  if (preview.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Looking at the dates…</span>
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (preview.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {preview.error.message}
      </p>
    );
  }
  const taken = data!.occurrences.filter((o) => o.problem !== null).length;
  return (
    <section aria-labelledby="series-dates-title" className="grid gap-3">
      <p id="series-dates-title" className="text-sm font-medium text-foreground">
        {data!.occurrences.length} dates{taken > 0 ? `, ${taken} taken` : ", all free"}
      </p>
      <ul className="grid max-h-80 gap-2 overflow-y-auto rounded-lg border border-ivory-300 bg-ivory-100/70 p-3">
        {data!.occurrences.map((occurrence) => (
          <li key={occurrence.occurrence} className="grid gap-2 rounded-md bg-ivory-50 px-3 py-2">
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="font-medium text-ink-900">
                {formatLongDay(occurrence.occurrence)}, {formatTime(occurrence.occurrence, { clinicTimeZone: data!.timeZone })}
              </span>
              {occurrence.problem === null ? (
                <span className="flex items-center gap-1.5 text-emerald-800">
                  <CircleCheck className="size-4" aria-hidden="true" />
                  Free
                </span>
              ) : (
                <span className="flex items-center gap-1.5 text-rose-700">
                  <CalendarX2 className="size-4" aria-hidden="true" />
                  {PROBLEM_WORDS[occurrence.problem]}
                </span>
              )}
            </div>
            {occurrence.problem === null ? null : (
              <TakenDateChoice
                occurrence={occurrence}
                doctorId={doctorId}
                patientId={patientId}
                timeZone={data!.timeZone}
                choice={choices[occurrence.occurrence] ?? { kind: "skip" }}
                onChoose={(choice) => onChoose(occurrence.occurrence, choice)}
                disabled={disabled}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

type TakenDateChoiceProps = {
  occurrence: SeriesPreview["occurrences"][number];
  doctorId: number;
  patientId?: number | undefined;
  timeZone: string;
  choice: DateChoice;
  onChoose: (choice: DateChoice) => void;
  disabled: boolean;
};

function TakenDateChoice({ occurrence, doctorId, patientId, timeZone, choice, onChoose, disabled }: TakenDateChoiceProps) {
  const name = `choice-${occurrence.occurrence}`;
  const day = formatLongDay(occurrence.occurrence);
  const slots = trpc.appointments.slots.useQuery({ doctorId, date: occurrence.date, ...(patientId ? { patientId } : {}) }, { enabled: choice.kind === "move" });
  return (
    <fieldset className="grid gap-2">
      <legend className="sr-only">What to do on {day}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={choice.kind === "skip"}
            onChange={() => onChoose({ kind: "skip" })}
            disabled={disabled}
            className="size-4 accent-gold-700"
          />
          Skip this date
        </label>
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="radio"
            name={name}
            checked={choice.kind === "move"}
            onChange={() => onChoose({ kind: "move", startTime: undefined })}
            disabled={disabled}
            className="size-4 accent-gold-700"
          />
          Pick another time
        </label>
      </div>
      {choice.kind === "move" ? (
        slots.isPending ? (
          <Skeleton className="h-10" />
        ) : (slots.data?.slots.length ?? 0) === 0 ? (
          <p className="text-sm text-muted-foreground">No other free time that day: skip it instead.</p>
        ) : (
          <FreeTimes
            day={occurrence.date}
            starts={slots.data!.slots.map((slot) => slot.startTime)}
            clinicTimeZone={timeZone}
            value={choice.startTime}
            onChange={(startTime) => onChoose({ kind: "move", startTime })}
          />
        )
      ) : null}
    </fieldset>
  );
}
