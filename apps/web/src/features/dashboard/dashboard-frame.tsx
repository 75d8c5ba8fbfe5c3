import { TooltipProvider } from "@halcyon/ui/components/tooltip";
import type { ReactNode } from "react";

import { AppointmentDialogsProvider } from "../../components/scheduling/appointment-dialogs";

/** What a dashboard's content sits in: its tooltips, and the dialogs its appointment rows open. */
export function DashboardFrame({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <AppointmentDialogsProvider>{children}</AppointmentDialogsProvider>
    </TooltipProvider>
  );
}
