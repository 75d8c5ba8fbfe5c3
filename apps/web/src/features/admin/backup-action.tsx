import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { Fragment, useState, type ReactNode } from "react";

import { redirectToSignIn } from "../../lib/auth/unauthorized";
import { trpc } from "../../lib/trpc";
import { downloadBackup, formatBytes } from "./backup";

type RenderProps = { label: string; busy: boolean; onClick: () => void };

/** Backup Database: asks the server for a snapshot and saves it, or explains why this clinic backs up another way. */
export function BackupAction({ render }: { render: (props: RenderProps) => ReactNode }) {
  const [busy, setBusy] = useState(false);
  const [explanation, setExplanation] = useState<string | null>(null);
  const utils = trpc.useUtils();

  const backUp = async () => {
    setBusy(true);
    try {
      const result = await downloadBackup();
      // A backup, made or failed, is a line in the audit log: the recent activity shows it.
      if (result.kind !== "signed-out") void utils.admin.auditLog.invalidate();
      if (result.kind === "saved") {
        toast({
          title: "Backup downloaded",
          description: `${result.filename} (${formatBytes(result.bytes)}) is in your downloads. Keep it somewhere safe, away from this server.`,
        });
      } else if (result.kind === "explained") {
        setExplanation(result.message);
      } else if (result.kind === "signed-out") {
        redirectToSignIn();
      } else {
        toast({ variant: "destructive", title: "Backup failed", description: result.message });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {render({ label: busy ? "Preparing backup…" : "Backup Database", busy, onClick: () => void backUp() })}
      <Dialog open={explanation !== null} onOpenChange={(open) => !open && setExplanation(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Backups on PostgreSQL</DialogTitle>
            <DialogDescription>
              This clinic&rsquo;s database is PostgreSQL, so it is backed up with PostgreSQL&rsquo;s own tools rather than from this page.
            </DialogDescription>
          </DialogHeader>
          <p className="text-sm leading-relaxed text-ink-800">{withCode(explanation ?? "")}</p>
          <DialogFooter>
            <Button onClick={() => setExplanation(null)}>Understood</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Renders `backticked` parts of the server's message as code. */
function withCode(message: string): ReactNode {
  return message.split("`").map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className="rounded-sm bg-ivory-200 px-1.5 py-0.5 font-mono text-[0.8rem] break-all text-ink-900">
        {part}
      </code>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}
