import { Button } from "@halcyon/ui/components/button";
import { KeyRound } from "lucide-react";
import { Link } from "react-router-dom";

import { FloatingNotice } from "../../components/floating-notice";
import { trpc } from "../../lib/trpc";

/** On the admin dashboard while the clinic has no records key: why messages are not sealed yet, and where to fix it. */
export function MessagingSetupNotice() {
  const key = trpc.keys.clinic.useQuery();
  if (key.error?.data?.code !== "NOT_FOUND") return null;
  return (
    <FloatingNotice
      label="Secure messaging is not set up"
      icon={KeyRound}
      title="Secure messaging is not set up"
      placement="inline"
      className="mx-0 mt-12 border-gold-400 sm:mx-0 sm:max-w-none"
      body="Messages are to be sealed to their two people and to the clinic's records key, so that only they, and the clinic from the key it keeps off line, can read them. Make the key once, under System Settings; you keep its private half."
      actions={
        <Button asChild>
          <Link to="/admin/settings">Set up secure messaging</Link>
        </Button>
      }
    />
  );
}
