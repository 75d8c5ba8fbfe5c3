import type { Appointment } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { ChevronRight, NotebookPen } from "lucide-react";

import { EmptyState } from "../../components/empty-state";
import { useAppointmentDialogs } from "../../components/scheduling/appointment-dialogs";
import { useTimeFormat } from "../../lib/clinic-time-zone";

type CreateNotesDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Sessions whose notes can be written now, most recent first. */
  sessions: Appointment[];
};

/** "Create Session Notes": choose one of today's or recent sessions still without notes, then write them. */
export function CreateNotesDialog({ open, onOpenChange, sessions }: CreateNotesDialogProps) {
  const dialogs = useAppointmentDialogs();
  const format = useTimeFormat();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create session notes</DialogTitle>
          <DialogDescription>Choose the session. Notes open half an hour before a session starts; the first save completes it.</DialogDescription>
        </DialogHeader>
        {sessions.length === 0 ? (
          <EmptyState icon={NotebookPen} title="Nothing waiting for notes">
            Every recent session has its notes. Today&rsquo;s will appear here from half an hour before they begin.
          </EmptyState>
        ) : (
          <ul className="grid gap-2" aria-label="Sessions waiting for notes">
            {sessions.map((appointment) => (
              <li key={appointment.id}>
                <button
                  type="button"
                  onClick={() => {
                    onOpenChange(false);
                    dialogs.open("notes", appointment);
                  }}
                  className="group flex w-full cursor-pointer items-center gap-4 rounded-lg border border-ivory-300 bg-ivory-50 px-4 py-3 text-left transition-colors duration-300 hover:border-gold-600/60 hover:bg-ivory-100"
                >
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className="font-medium text-ink-900">{appointment.patientName}</span>
                    <span className="text-xs text-muted-foreground">
                      {appointment.title} · {format.shortDay(appointment.startTime)}, {format.time(appointment.startTime)}
                    </span>
                  </span>
                  <ChevronRight className="size-4 text-gold-700 transition-transform duration-300 group-hover:translate-x-0.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
