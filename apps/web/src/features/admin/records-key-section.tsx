import { Button } from "@halcyon/ui/components/button";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { KeyRound } from "lucide-react";
import { useState } from "react";

import { CLINIC_NAME } from "../../lib/clinic";
import { trpc } from "../../lib/trpc";
import { Section } from "./settings-section";

/**
 * The clinic's records key: until it exists, nobody can send a sealed message. Made here, once;
 * its private half is downloaded as a file and never stored by Halcyon.
 */
export function RecordsKeySection() {
  const utils = trpc.useUtils();
  const key = trpc.keys.clinic.useQuery();
  const [busy, setBusy] = useState(false);
  const missing = key.error?.data?.code === "NOT_FOUND";

  const create = async () => {
    setBusy(true);
    try {
      const { createRecordsKey } = await import("../../lib/messaging-keys/records-key");
      await createRecordsKey(CLINIC_NAME);
      toast({
        title: "The records key is made",
        description: "Its private half was downloaded. Keep that file off line, somewhere safe: Halcyon keeps no copy.",
      });
      await utils.keys.clinic.invalidate();
    } catch (error) {
      toast({ variant: "destructive", title: "The records key was not made", description: error instanceof Error ? error.message : "Please try again." });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section
      title="Secure messaging"
      description="Every message is sealed to its two people and to the clinic's records key, so the clinic can still answer a lawful records request from the key it keeps off line."
    >
      {key.data ? (
        <div className="grid gap-2 text-sm">
          <p className="font-medium text-ink-900">The records key is set. Messages are sealed to it.</p>
          <p className="text-muted-foreground">
            Its id: <code className="rounded bg-ivory-200 px-1.5 py-0.5 font-mono text-xs break-all text-ink-900">{key.data.kid}</code>. Its private half is the
            file downloaded when it was made; Halcyon keeps no copy.
          </p>
        </div>
      ) : missing ? (
        <div className="grid gap-4 text-sm">
          <p className="text-ink-900">
            Secure messaging is not set up yet: the clinic has no records key. It is made once, here, in your browser, and its private half is downloaded for
            you to keep.
          </p>
          <Button className="justify-self-start" disabled={busy} onClick={() => void create()}>
            <KeyRound aria-hidden="true" />
            {busy ? "Making the key…" : "Make the records key"}
          </Button>
        </div>
      ) : key.isError ? (
        <p role="alert" className="text-sm text-rose-700">
          The records key could not be read. Please reload the page.
        </p>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Reading the records key…
        </p>
      )}
    </Section>
  );
}
