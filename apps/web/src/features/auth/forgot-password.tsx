import { Button } from "@halcyon/ui/components/button";
import { KeyRound } from "lucide-react";
import { useId, useState } from "react";

import { CLINIC_CONTACT } from "../../lib/clinic";

/**
 * How to get back in without the password. Halcyon sends no email yet, so the clinic issues a
 * one-time password (from its users list); once email exists this becomes self-service.
 */
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
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
        <p className="flex items-start gap-3">
          <KeyRound className="mt-0.5 size-4 shrink-0 text-gold-700" aria-hidden="true" />
          <span>
            Call us on{" "}
            <a href={CLINIC_CONTACT.phone.href} className="font-medium text-ink-900 underline underline-offset-4">
              {CLINIC_CONTACT.phone.label}
            </a>{" "}
            or write to{" "}
            <a href={`mailto:${CLINIC_CONTACT.email}`} className="font-medium text-ink-900 underline underline-offset-4">
              {CLINIC_CONTACT.email}
            </a>
            . Once we have confirmed it is you, we give you a one-time password that works for 72 hours. Sign in with it and choose a new password of your own;
            any other place you were signed in is signed out.
          </span>
        </p>
      </div>
    </div>
  );
}
