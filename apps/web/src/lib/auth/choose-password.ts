// The "Choose your own password" form's checks before it asks the server (which has the last
// word: it also refuses common passwords, ones containing the username, and the one-time
// password itself, which this screen does not ask for again: the session just proved it).
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@halcyon/domain/rules";

export type ChoosePasswordValues = { newPassword: string; confirmPassword: string };
export type ChoosePasswordField = keyof ChoosePasswordValues;

export type ChoosePasswordCheck = { ok: true; input: { newPassword: string } } | { ok: false; field: ChoosePasswordField; message: string };

export function checkChosenPassword({ newPassword, confirmPassword }: ChoosePasswordValues): ChoosePasswordCheck {
  if (newPassword.length < PASSWORD_MIN_LENGTH) {
    return { ok: false, field: "newPassword", message: `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.` };
  }
  if (newPassword.length > PASSWORD_MAX_LENGTH) {
    return { ok: false, field: "newPassword", message: `Passwords can be at most ${PASSWORD_MAX_LENGTH} characters.` };
  }
  if (confirmPassword !== newPassword) return { ok: false, field: "confirmPassword", message: "The two new passwords do not match." };
  return { ok: true, input: { newPassword } };
}
