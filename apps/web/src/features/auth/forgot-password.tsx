import { Button } from "@halcyon/ui/components/button";
import { KeyRound, MailCheck } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";

import { CLINIC_CONTACT } from "../../lib/clinic";
import { trpc } from "../../lib/trpc";
import { FormField } from "./form-field";

/**
 * How to get back in without the password: a link to the account's verified email address
 * (30 minutes, once). The answer is the same whether or not the name is anyone's; a member without
 * a verified address asks the clinic for a one-time password. Opened at once by `?forgot=1`.
 */
export function ForgotPassword() {
  const [open, setOpen] = useState(useSearchParams()[0].get("forgot") === "1");
  const [login, setLogin] = useState("");
  const [problem, setProblem] = useState<string>();
  const panelId = useId();
  const [sentFor, setSentFor] = useState<string>();
  const ask = trpc.auth.forgotPassword.useMutation({ onSuccess: () => setSentFor(login.trim()), onError: (error) => setProblem(error.message) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!login.trim()) return setProblem("Enter your username or email address.");
    setProblem(undefined);
    ask.mutate({ login: login.trim() });
  };

  return (
    <div className="mt-6 text-center">
      <Button
        type="button"
        variant="link"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
        className="h-auto px-0 text-sm"
      >
        Forgot password?
      </Button>
      <div id={panelId} hidden={!open} className="mt-4 rounded-lg border border-hairline bg-ivory-100/70 p-5 text-left text-sm leading-relaxed text-ink-800">
        {/* Its field only while open: closed, the sign-in form's "Username" is the page's only one. */}
        {!open ? null : sentFor !== undefined ? (
          <p role="status" className="flex items-start gap-3">
            <MailCheck className="mt-0.5 size-4 shrink-0 text-sage-700" aria-hidden="true" />
            <span>
              If <strong className="font-medium text-ink-900">{sentFor}</strong> is an account with a verified email address, a link to set a new password is on
              its way there. It works once, for 30 minutes.
            </span>
          </p>
        ) : (
          <form noValidate onSubmit={submit} aria-label="Ask for a link to set a new password" className="grid gap-4">
            <p>We will email a link to set a new password to the address on your account, once you have confirmed it.</p>
            <FormField
              id="forgot-login"
              label="Username or email address"
              autoComplete="username"
              value={login}
              problem={problem}
              announce
              disabled={ask.isPending}
              onChange={(event) => {
                setLogin(event.target.value);
                setProblem(undefined);
              }}
            />
            <Button type="submit" variant="outline" className="w-fit" disabled={ask.isPending}>
              {ask.isPending ? "Sending…" : "Email me a link"}
            </Button>
          </form>
        )}
        <p className="mt-4 flex items-start gap-3 border-t border-hairline pt-4">
          <KeyRound className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
          <span>
            No email address on your account? Call us on{" "}
            <a href={CLINIC_CONTACT.phone.href} className="font-medium text-ink-900 underline underline-offset-4">
              {CLINIC_CONTACT.phone.label}
            </a>{" "}
            or write to{" "}
            <a href={`mailto:${CLINIC_CONTACT.email}`} className="font-medium text-ink-900 underline underline-offset-4">
              {CLINIC_CONTACT.email}
            </a>
            : once we have confirmed it is you, we give you a one-time password that works for 72 hours.
          </span>
        </p>
      </div>
    </div>
  );
}
