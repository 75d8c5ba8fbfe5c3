import { TooltipProvider } from "@halcyon/ui/components/tooltip";
import type { ReactNode } from "react";

import { AppointmentDialogsProvider } from "../../components/scheduling/appointment-dialogs";
import { ClinicTimeZoneProvider } from "../../lib/clinic-time-zone";

/** What a dashboard's content sits in: its tooltips, the clinic's time zone, and the dialogs its appointment rows open. */
export function DashboardFrame({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  return (
    <TooltipProvider>
      <ClinicTimeZoneProvider timeZone={timeZone}>
        <AppointmentDialogsProvider>{children}</AppointmentDialogsProvider>
      </ClinicTimeZoneProvider>
    </TooltipProvider>
  );
}
