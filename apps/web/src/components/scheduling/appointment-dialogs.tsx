import type { Appointment } from "@halcyon/domain/schemas";
import { Dialog, DialogContent } from "@halcyon/ui/components/dialog";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

import { useCurrentUser } from "../../lib/auth/current-user";
import { AppointmentDetails } from "./appointment-details";
import { CancelForm } from "./cancel-form";
import { RescheduleForm } from "./reschedule-form";
import { NoteEditor } from "../session-notes/note-editor";

export type AppointmentDialogKind = "details" | "reschedule" | "cancel" | "notes";

type OpenAppointmentDialog = (kind: AppointmentDialogKind, appointment: Appointment) => void;

const AppointmentDialogsContext = createContext<OpenAppointmentDialog | null>(null);

/**
 * One dialog for everything done to a single session — its details, moving it, cancelling it,
 * writing its notes — so a page mounts it once and any list or calendar on it can open it.
 */
export function AppointmentDialogsProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const [request, setRequest] = useState<{ kind: AppointmentDialogKind; appointment: Appointment }>();
  const [open, setOpen] = useState(false);

  const openDialog = useCallback<OpenAppointmentDialog>((kind, appointment) => {
    setRequest({ kind, appointment });
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => openDialog, [openDialog]);

  const width =
    request?.kind === "notes" ? "max-w-2xl sm:[--dialog-pad:2.5rem]" : request?.kind === "reschedule" ? "max-w-xl sm:[--dialog-pad:2.5rem]" : "max-w-lg";

  return (
    <AppointmentDialogsContext.Provider value={value}>
      {children}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className={width}>
          {request && user ? (
            // Keyed, so switching from the details to a form starts the form afresh.
            <div key={`${request.kind}-${request.appointment.id}`} className="contents">
              {request.kind === "details" ? (
                <AppointmentDetails
                  appointment={request.appointment}
                  viewer={user}
                  onDone={close}
                  onAction={(action) => setRequest({ kind: action, appointment: request.appointment })}
                />
              ) : request.kind === "reschedule" ? (
                <RescheduleForm
                  appointment={request.appointment}
                  onDone={close}
                  onCancelInstead={() => setRequest({ kind: "cancel", appointment: request.appointment })}
                />
              ) : request.kind === "cancel" ? (
                <CancelForm appointment={request.appointment} onDone={close} />
              ) : (
                <NoteEditor appointment={request.appointment} onDone={close} />
              )}
            </div>
          ) : null}
        </DialogContent>
      </Dialog>
    </AppointmentDialogsContext.Provider>
  );
}

/** Opens the page's session dialog: `open("details", appointment)`. */
export function useAppointmentDialogs(): { open: OpenAppointmentDialog } {
  const open = useContext(AppointmentDialogsContext);
  if (!open) throw new Error("useAppointmentDialogs needs an AppointmentDialogsProvider above it");
  return { open };
}
