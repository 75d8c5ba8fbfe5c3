import { Skeleton } from "@halcyon/ui/components/skeleton";
import { useQuery } from "@tanstack/react-query";
import { CalendarX2 } from "lucide-react";
import { useId, useState } from "react";

import { addDays, dateKey, fromDateKey, nextWeekday, startOfDay } from "../../lib/calendar-dates";
import { formatLongDay, viewerTimeZone, zoneName, zonesDiffer } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";
import { DayStrip } from "./day-strip";
import { firstFreeDay } from "./first-free-day";
import { FreeTimes } from "./free-times";

/** How far ahead one may look. */
const LOOK_AHEAD_DAYS = 120;

type SlotPickerProps = {
  /** Whose free times to show; until one is chosen the picker says so. */
  doctorId: number | undefined;
  /** For a doctor or admin booking for a patient: that patient's own busy times are left out too. */
  patientId?: number | undefined;
  /** The chosen start (ISO), if any. */
  value: string | undefined;
  onChange: (startTime: string | undefined) => void;
  /** Marks the group as needing an answer after a submit without one. */
  invalid?: boolean;
  /** A start to leave out of the offer, e.g. the session's current time when moving it. */
  excludeStart?: string;
};

/**
 * A day strip and the doctor's free 60-minute slots on the chosen day (GET /api/doctors/{id}/slots).
 * Days are the viewer's calendar days; times are shown in the viewer's zone, with the zone's name
 * when the clinic keeps another.
 */
export function SlotPicker({ doctorId, patientId, value, onChange, invalid = false, excludeStart }: SlotPickerProps) {
  const legendId = useId();
  const today = startOfDay(new Date());
  const lastDay = addDays(today, LOOK_AHEAD_DAYS);
  // The day and the strip the viewer chose; until they choose, the first day with a free time.
  const [chosenDay, setChosenDay] = useState<string>();
  const [chosenStripStart, setChosenStripStart] = useState<Date>();
  const utils = trpc.useUtils();
  const slotsInput = (date: string) => ({ doctorId: doctorId ?? 0, date, ...(patientId ? { patientId } : {}) });

  const opening = useQuery({
    queryKey: ["first-free-day", doctorId, patientId, excludeStart, dateKey(today)],
    queryFn: async () =>
      (await firstFreeDay(today, lastDay, async (date) =>
        (await utils.appointments.slots.fetch(slotsInput(date))).slots.some((slot) => slot.startTime !== excludeStart),
      )) ?? dateKey(nextWeekday(today)),
    enabled: doctorId !== undefined && chosenDay === undefined,
  });
  const day = chosenDay ?? opening.data ?? dateKey(nextWeekday(today));
  const stripStart = chosenStripStart ?? fromDateKey(day);

  const slots = trpc.appointments.slots.useQuery(slotsInput(day), { enabled: doctorId !== undefined && (chosenDay !== undefined || opening.isSuccess) });
  const offered = (slots.data?.slots ?? []).map((slot) => slot.startTime).filter((start) => start !== excludeStart);
  const clinicTimeZone = slots.data?.timeZone;
  const viewerZone = viewerTimeZone();
  const openingFailed = chosenDay === undefined && opening.isError;

  const chooseDay = (key: string) => {
    setChosenDay(key);
    setChosenStripStart(stripStart);
    onChange(undefined);
  };

  return (
    <fieldset aria-describedby={invalid ? `${legendId}-error` : undefined} className="grid min-w-0 gap-4">
      <legend id={legendId} className="mb-2 text-sm font-medium text-foreground">
        Date &amp; time
      </legend>

      <DayStrip start={stripStart} day={day} firstDay={today} lastDay={lastDay} onMove={setChosenStripStart} onChoose={chooseDay} />

      <div className="min-h-28 rounded-lg border border-ivory-300 bg-ivory-100/70 p-4">
        <p className="text-sm font-medium text-ink-900">{formatLongDay(fromDateKey(day))}</p>
        {doctorId === undefined ? (
          <p className="mt-3 text-sm text-muted-foreground">Choose a doctor to see their free times.</p>
        ) : openingFailed ? (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {opening.error?.message || "We couldn't load the free times. Please try another day."}
          </p>
        ) : slots.isPending ? (
          <div role="status" className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4">
            <span className="sr-only">Finding free times…</span>
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-10 rounded-full" />
            ))}
          </div>
        ) : slots.isError ? (
          <p role="alert" className="mt-3 text-sm text-destructive">
            {slots.error.message || "We couldn't load the free times. Please try another day."}
          </p>
        ) : offered.length === 0 ? (
          <p className="mt-3 flex items-center gap-2 text-sm text-muted-foreground">
            <CalendarX2 className="size-4 shrink-0 text-gold-700" aria-hidden="true" />
            No free times on this day. Please try another.
          </p>
        ) : (
          <FreeTimes day={day} starts={offered} clinicTimeZone={clinicTimeZone} value={value} onChange={onChange} />
        )}
        {clinicTimeZone && zonesDiffer(clinicTimeZone, viewerZone) ? (
          <p className="mt-4 text-xs leading-relaxed text-muted-foreground">
            Times are shown in your time zone ({zoneName(new Date(), viewerZone)}). The clinic keeps {zoneName(new Date(), clinicTimeZone)}.
          </p>
        ) : null}
      </div>
      {invalid ? (
        <p id={`${legendId}-error`} className="text-sm text-destructive">
          Choose a day and one of the free times.
        </p>
      ) : null}
    </fieldset>
  );
}
