import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@halcyon/ui/components/dialog";
import { lazy, Suspense } from "react";

// The form checks with the server's schemas, whose code (zod) the doctor's dashboard does not load until it opens.
const AddPatientForm = lazy(async () => ({ default: (await import("./add-patient-form")).AddPatientForm }));

type AddPatientDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Opens a patient account (POST /api/patients) and shows its one-time password, once. */
export function AddPatientDialog({ open, onOpenChange }: AddPatientDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl sm:[--dialog-pad:2.5rem]">
        {open ? (
          <Suspense
            fallback={
              // Named as the form will be, from the first frame (Radix checks the title as the dialog opens).
              <>
                <DialogTitle className="sr-only">Add a new patient</DialogTitle>
                <DialogDescription className="py-10 text-center">One moment...</DialogDescription>
              </>
            }
          >
            <AddPatientForm onDone={() => onOpenChange(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
