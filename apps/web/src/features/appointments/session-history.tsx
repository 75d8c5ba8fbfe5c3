import type { Appointment, PublicUser } from "@halcyon/domain/schemas";
import { CHART_SCALE } from "@halcyon/domain/rules";
import { History } from "lucide-react";

import { EmptyState } from "../../components/empty-state";
import { AppointmentRow } from "../../components/scheduling/appointment-row";

/** Sessions that started now or before, newest first: the first 10, each with its notes. */
export function SessionHistory({ appointments, viewer }: { appointments: Appointment[]; viewer: PublicUser }) {
  if (appointments.length === 0) {
    return (
      <EmptyState icon={History} title="No sessions yet">
        Your past sessions, with their notes, will be kept here.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-6" aria-label="Session history">
      {appointments.map((appointment) => (
        <li key={appointment.id} className="border-b border-ivory-300 pb-6 last:border-0 last:pb-0">
          <AppointmentRow appointment={appointment} viewer={viewer}>
            {appointment.notes ? (
              <div className="mt-1 rounded-md bg-ivory-100 p-3">
                <p className="text-sm leading-relaxed text-ink-800">{appointment.notes}</p>
                {appointment.progressRating ? (
                  <p className="mt-2 text-xs font-semibold tracking-[0.14em] text-gold-700 uppercase">
                    Progress rating {appointment.progressRating}/{CHART_SCALE}
                  </p>
                ) : null}
              </div>
            ) : appointment.status === "completed" ? (
              <p className="text-xs text-muted-foreground">No notes were written for this session.</p>
            ) : null}
          </AppointmentRow>
        </li>
      ))}
    </ul>
  );
}
