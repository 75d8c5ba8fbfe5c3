// The "Choose your own password" form's checks before it asks the server (which has the last
// word: it also refuses common passwords and ones containing the username).
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@halcyon/domain/schemas";

export type ChoosePasswordValues = { currentPassword: string; newPassword: string; confirmPassword: string };
export type ChoosePasswordField = keyof ChoosePasswordValues;

export type ChoosePasswordCheck =
  | { ok: true; input: { currentPassword: string; newPassword: string } }
  | { ok: false; field: ChoosePasswordField; message: string };

export function checkChosenPassword({ currentPassword, newPassword, confirmPassword }: ChoosePasswordValues): ChoosePasswordCheck {
  if (!currentPassword) return { ok: false, field: "currentPassword", message: "Enter the one-time password you signed in with." };
  if (newPassword.length < PASSWORD_MIN_LENGTH) {
    return { ok: false, field: "newPassword", message: `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.` };
  }
  if (newPassword.length > PASSWORD_MAX_LENGTH) {
    return { ok: false, field: "newPassword", message: `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters.` };
  }
  if (newPassword === currentPassword) return { ok: false, field: "newPassword", message: "Choose a password different from the one-time password." };
  if (confirmPassword !== newPassword) return { ok: false, field: "confirmPassword", message: "The two new passwords do not match." };
  return { ok: true, input: { currentPassword, newPassword } };
}
