import { Button } from "@halcyon/ui/components/button";
import { KeyRound } from "lucide-react";
import { Link } from "react-router-dom";

import { trpc } from "../../lib/trpc";

/** On the admin dashboard while the clinic has no records key: why nobody can message yet, and where to fix it. */
export function MessagingSetupNotice() {
  const key = trpc.keys.clinic.useQuery();
  if (key.error?.data?.code !== "NOT_FOUND") return null;
  return (
    <section aria-labelledby="messaging-setup-heading" className="mt-12 rounded-xl border border-gold-400 bg-card p-6 shadow-soft sm:p-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gold-200/60 text-gold-800">
          <KeyRound className="size-5" strokeWidth={1.4} aria-hidden="true" />
        </span>
        <div className="grid gap-3">
          <h2 id="messaging-setup-heading" className="font-display text-3xl text-ink-900">
            Secure messaging is not set up
          </h2>
          <p className="max-w-2xl text-sm leading-relaxed text-muted-foreground">
            Messages are to be sealed to their two people and to the clinic&rsquo;s records key, so that only they, and the clinic from the key it keeps off
            line, can read them. Make the key once, under System Settings; you keep its private half.
          </p>
          <Button asChild className="justify-self-start">
            <Link to="/admin/settings">Set up secure messaging</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
