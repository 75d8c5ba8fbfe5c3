import { Button } from "@halcyon/ui/components/button";
import { DialogFooter } from "@halcyon/ui/components/dialog";

/** A dialog form's two buttons: "Not now" closes it, the submit says what it does and, while busy, that it is doing it. */
export function FormDialogFooter({ busy, onCancel, label, busyLabel }: { busy: boolean; onCancel: () => void; label: string; busyLabel: string }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
        Not now
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </DialogFooter>
  );
}
