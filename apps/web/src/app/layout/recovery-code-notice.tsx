import { Button } from "@halcyon/ui/components/button";
import { KeyRound } from "lucide-react";
import { useEffect } from "react";

import { CopyField } from "../../components/copy-field";
import { FloatingNotice } from "../../components/floating-notice";

/**
 * The recovery code of the messaging keys just made, shown this once: after a password reset it
 * is what opens the member's message history again. The server never sees it.
 */
export function RecoveryCodeNotice({ code, onSaved }: { code: string; onSaved: () => void }) {
  // Shown once and kept nowhere (not even in this tab's storage, where a script could read it):
  // until the member says it is saved, leaving or reloading the page asks first.
  useEffect(() => {
    const askFirst = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", askFirst);
    return () => window.removeEventListener("beforeunload", askFirst);
  }, []);

  return (
    <FloatingNotice
      label="Your messages' recovery code"
      placement="inline"
      icon={KeyRound}
      title="Save your messages' recovery code"
      body={
        <>
          <p>
            Your messages are sealed so that only you, the people you write to and the clinic's records key, kept offline, can open them. If your password is
            ever reset, this code opens them again. Keep it somewhere safe: we cannot show it again.
          </p>
          <div className="mt-3">
            <CopyField label="Recovery code" value={code} mono />
          </div>
        </>
      }
      actions={
        <Button size="sm" onClick={onSaved}>
          I have saved it
        </Button>
      }
    />
  );
}
