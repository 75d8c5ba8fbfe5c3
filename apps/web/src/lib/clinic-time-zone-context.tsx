// The clinic's time zone as a page knows it, apart from the formatters that use it
// (clinic-time-zone.tsx): the shell provides it to every page without carrying them.
import { createContext, type ReactNode } from "react";

import { useClinicProfile } from "./clinic-profile";

export const ClinicTimeZoneContext = createContext<string | undefined>(undefined);

/**
 * Tells every page which zone the clinic keeps, from its public profile (read as the app starts,
 * and again once an admin changes the settings), so times can say when the viewer's differs. A
 * page whose times carry that label waits for the profile with its own reads.
 */
export function ClinicTimeZoneFromProfile({ children }: { children: ReactNode }) {
  return <ClinicTimeZoneContext.Provider value={useClinicProfile().data?.clinicTimeZone}>{children}</ClinicTimeZoneContext.Provider>;
}
