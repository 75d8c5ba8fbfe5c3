// The clinic's time zone as a page knows it, apart from the formatters that use it
// (clinic-time-zone.tsx): the shell provides it to every page without carrying them.
import { createContext, type ReactNode } from "react";

import { useClinicProfile } from "./clinic-profile";

export const ClinicTimeZoneContext = createContext<string | undefined>(undefined);

/** Tells the times below which zone the clinic keeps (from the server), so they can say when the viewer's differs. */
export function ClinicTimeZoneProvider({ timeZone, children }: { timeZone: string | undefined; children: ReactNode }) {
  return <ClinicTimeZoneContext.Provider value={timeZone}>{children}</ClinicTimeZoneContext.Provider>;
}

/**
 * The clinic's zone for every page, from its public profile (read as the app starts): a page that
 * reads the zone with its own data (the schedule's summary, the admin's settings) provides it again.
 */
export function ClinicTimeZoneFromProfile({ children }: { children: ReactNode }) {
  return <ClinicTimeZoneProvider timeZone={useClinicProfile().data?.clinicTimeZone}>{children}</ClinicTimeZoneProvider>;
}
