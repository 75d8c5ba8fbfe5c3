import { Switch } from "@halcyon/ui/components/switch";

import { RecheckDialog } from "../account/recheck-dialog";
import { AdminField } from "./admin-field";

type StaffTwoStepSettingProps = {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  disabled: boolean;
  /** Turning the requirement off waits for the admin to confirm it is them: open while it waits; closed by a cancel or once saved. */
  confirming: boolean;
  onConfirmed: () => Promise<void>;
  onConfirmClosed: () => void;
};

/** Whether staff must sign in in two steps; turning it off asks the admin to prove it is them. */
export function StaffTwoStepSetting({ id, checked, onChange, error, disabled, confirming, onConfirmed, onConfirmClosed }: StaffTwoStepSettingProps) {
  return (
    <>
      <AdminField
        id={id}
        label="Require two-step sign-in for doctors and admins"
        description="Staff without it are taken to set it up straight after their password, and can do nothing else first. Set up your own first (Your account)."
        error={error}
      >
        <Switch checked={checked} onCheckedChange={onChange} disabled={disabled} />
      </AdminField>
      <RecheckDialog
        open={confirming}
        onClose={onConfirmClosed}
        title="Stop requiring two-step sign-in?"
        description="Doctors and admins could then sign in with a password alone. Confirm it is you to save this change."
        cancelLabel="Keep requiring it"
        actionLabel="Save settings"
        busyLabel="Saving…"
        action={onConfirmed}
      />
    </>
  );
}
