// The "Choose your own password" form's first checks. The clinic's full rules (common passwords,
// ones containing the member's name) are judged next, in the browser too, by the server's own
// judgePassword (password-change.ts): the server sees only the password's authKey. The server
// still refuses the one-time password itself, which this screen does not ask for again.
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
