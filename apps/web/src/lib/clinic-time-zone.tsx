import { useContext, useMemo } from "react";

import { ClinicTimeZoneContext } from "./clinic-time-zone-context";
import { formatDate, formatDayAndTime, formatLongDay, formatShortDay, formatTime, formatTimeRange, viewerTimeZone, zoneName, zonesDiffer } from "./time-format";

/** The time formatters of time-format.ts, bound to the clinic's zone of the page. */
export function useTimeFormat() {
  const clinicTimeZone = useContext(ClinicTimeZoneContext);
  return useMemo(() => {
    const options = { clinicTimeZone };
    const viewerZone = viewerTimeZone();
    return {
      clinicTimeZone,
      viewerTimeZone: viewerZone,
      /** True when the viewer is not in the clinic's zone (times then carry a zone label). */
      differsFromClinic: zonesDiffer(clinicTimeZone, viewerZone),
      time: (instant: string | Date) => formatTime(instant, options),
      timeRange: (start: string | Date, end: string | Date) => formatTimeRange(start, end, options),
      longDay: (instant: string | Date) => formatLongDay(instant, options),
      shortDay: (instant: string | Date) => formatShortDay(instant, options),
      date: (instant: string | Date) => formatDate(instant, options),
      dayAndTime: (instant: string | Date) => formatDayAndTime(instant, options),
      viewerZoneName: (instant: Date = new Date()) => zoneName(instant, viewerZone),
      clinicZoneName: (instant: Date = new Date()) => (clinicTimeZone ? zoneName(instant, clinicTimeZone) : undefined),
    };
  }, [clinicTimeZone]);
}
