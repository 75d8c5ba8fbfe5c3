import type { UserRole } from "@halcyon/domain/schemas";
import { useContext, useMemo } from "react";

import { ClinicTimeZoneContext } from "./clinic-time-zone-context";
import { formatDate, formatDayAndTime, formatLongDay, formatShortDay, formatTime, formatTimeRange, viewerTimeZone, zoneName, zonesDiffer } from "./time-format";
import { trpc } from "./trpc";

export { ClinicTimeZoneProvider } from "./clinic-time-zone-context";

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

/**
 * Reads the clinic's time zone for a page, in the page's first batch: from the dashboard figures
 * (patients and doctors), or from the clinic's settings for an admin.
 */
export function useClinicTimeZoneQuery(role: UserRole | undefined) {
  const isAdmin = role === "admin";
  const summary = trpc.appointments.summary.useQuery(undefined, { enabled: role !== undefined && !isAdmin });
  const settings = trpc.admin.settings.useQuery(undefined, { enabled: isAdmin });
  return {
    query: isAdmin ? settings : summary,
    timeZone: isAdmin ? settings.data?.clinicTimeZone : summary.data?.timeZone,
  };
}
