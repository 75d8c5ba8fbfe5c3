import { ROOM_CLOSED_WHY } from "@halcyon/domain/rules";
import type { VisitView } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { NotebookPen } from "lucide-react";
import { useState } from "react";

import { AppointmentDialogsProvider, useAppointmentDialogs } from "../../components/scheduling/appointment-dialogs";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { trpc } from "../../lib/trpc";
import { Notice } from "./visit-page";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The visit is over: why, when the server closed it; when it ran; and for the doctor of a booked session, its notes to write. */
export function VisitEnded({ visit, dashboard, takeFocus }: { visit: VisitView; dashboard: string; takeFocus: boolean }) {
  const format = useTimeFormat();
  const why = visit.closedBecause ? ROOM_CLOSED_WHY[visit.closedBecause] : undefined;
  const ran = visit.startedAt && visit.endedAt ? `It ran from ${format.time(visit.startedAt)} to ${format.time(visit.endedAt)}.` : null;
  return (
    <AppointmentDialogsProvider>
      <Notice title="This visit has ended" dashboard={dashboard} takeFocus={takeFocus}>
        {why ? <p>{why}</p> : null}
        {ran ? <p>{ran}</p> : null}
        {visit.role === "doctor" && visit.appointmentId !== null ? <WriteNotes visit={visit} appointmentId={visit.appointmentId} /> : null}
      </Notice>
    </AppointmentDialogsProvider>
  );
}

function WriteNotes({ visit, appointmentId }: { visit: VisitView; appointmentId: number }) {
  const dialogs = useAppointmentDialogs();
  // The session around the visit's window: the one whose notes these are.
  const [range] = useState(() => ({ from: visit.opensAt, to: new Date(Date.parse(visit.opensAt) + DAY_MS).toISOString() }));
  const sessions = trpc.appointments.list.useQuery({ patientId: visit.otherParty.id, ...range });
  const appointment = sessions.data?.find((candidate) => candidate.id === appointmentId);
  if (!appointment || appointment.status !== "scheduled") return null;
  return (
    <Button className="mt-6" onClick={() => dialogs.open("notes", appointment)}>
      <NotebookPen aria-hidden="true" />
      Write session notes
    </Button>
  );
}
