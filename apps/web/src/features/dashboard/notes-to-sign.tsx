import type { UnsignedNote } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogContent } from "@halcyon/ui/components/dialog";
import { useState } from "react";

import { SectionCard } from "../../components/section-card";
import { NoteEditor } from "../../components/session-notes/note-editor";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { trpc } from "../../lib/trpc";

/**
 * Sessions that ended over 72 hours ago without a signed note, oldest first (the dashboard reads
 * the list in its first batch; this reads it from the cache). Shown only while there are some.
 */
export function NotesToSign() {
  const format = useTimeFormat();
  const { data: overdue = [] } = trpc.treatmentSessions.unsigned.useQuery();
  const [open, setOpen] = useState<UnsignedNote | null>(null);
  if (overdue.length === 0) return null;

  return (
    <SectionCard
      title="Notes to sign"
      description={`${overdue.length === 1 ? "A session" : `${overdue.length} sessions`} ended over 72 hours ago without a signed note.`}
      className="mt-8"
    >
      <ul className="grid gap-3">
        {overdue.map((item) => (
          <li
            key={item.appointment.id}
            data-testid="note-to-sign"
            className="flex flex-col gap-3 rounded-lg border border-ivory-300 bg-ivory-50 px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between"
          >
            <span className="grid min-w-0 gap-0.5">
              <span className="font-medium text-ink-900">{item.appointment.patientName}</span>
              <span className="text-xs text-muted-foreground">
                {item.appointment.title} · {format.shortDay(item.appointment.startTime)}, {format.time(item.appointment.startTime)} ·{" "}
                {item.session ? "Written, not signed" : "Not written yet"}
              </span>
            </span>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setOpen(item)}
              aria-label={`${item.session ? "Finish and sign" : "Write"} the note of ${item.appointment.patientName}'s session`}
            >
              {item.session ? "Finish and sign" : "Write note"}
            </Button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-w-2xl sm:[--dialog-pad:2.5rem]">
          {open ? <NoteEditor appointment={open.appointment} draft={open.session ?? undefined} onDone={() => setOpen(null)} /> : null}
        </DialogContent>
      </Dialog>
    </SectionCard>
  );
}
