import type { MeasureAlert } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Label } from "@halcyon/ui/components/label";
import { Textarea } from "@halcyon/ui/components/textarea";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { TriangleAlert } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";

import { DashboardBanner } from "../../components/dashboard-banner";
import { FormDialogFooter } from "../../components/form-dialog-footer";
import { useRealtimeNotices } from "../../lib/realtime/use-realtime";
import { formatAgo } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";

/**
 * The doctor's safety alerts: a patient answered PHQ-9 item 9 (thoughts of self-harm) above 0.
 * Pushed live; each stays until a doctor of the patient acknowledges it with a note.
 */
export function NeedsAttention() {
  const utils = trpc.useUtils();
  const { data: alerts = [] } = trpc.measures.alerts.useQuery();
  const [acknowledging, setAcknowledging] = useState<MeasureAlert | null>(null);
  useRealtimeNotices((notice) => {
    if (notice.type === "measure_alert" || notice.type === "measure_alert_closed" || (notice.type === "connected" && notice.data.reconnected)) {
      void utils.measures.alerts.invalidate();
    }
  });
  if (alerts.length === 0) return null;
  return (
    <section aria-label="Needs attention" className="mb-8 grid gap-3">
      {alerts.map((alert) => (
        <DashboardBanner
          key={alert.id}
          data-testid="safety-alert"
          tone="rose"
          icon={TriangleAlert}
          eyebrow="Needs attention"
          title={`${alert.patientName} reported thoughts of self-harm`}
          detail={
            <>
              PHQ-9 item 9 answered above 0, {formatAgo(alert.createdAt)} (total {alert.score}, {alert.band.toLowerCase()}).{" "}
              <Link to={`/patients/${alert.patientId}`} className="font-medium text-ink-900 underline underline-offset-4">
                Open their record
              </Link>
            </>
          }
          action={
            <Button onClick={() => setAcknowledging(alert)} aria-label={`Acknowledge the alert for ${alert.patientName}`}>
              Acknowledge
            </Button>
          }
        />
      ))}
      <AcknowledgeDialog alert={acknowledging} onClose={() => setAcknowledging(null)} />
    </section>
  );
}

function AcknowledgeDialog({ alert, onClose }: { alert: MeasureAlert | null; onClose: () => void }) {
  const noteId = useId();
  const [note, setNote] = useState("");
  const utils = trpc.useUtils();
  const acknowledge = trpc.measures.acknowledgeAlert.useMutation({
    onSuccess: () => {
      toast({ title: "Alert acknowledged", description: "Your note is kept with it." });
      setNote("");
      onClose();
      void utils.measures.alerts.invalidate();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (alert && note.trim()) acknowledge.mutate({ id: alert.id, note });
  };
  return (
    <Dialog open={alert !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Acknowledge the alert for {alert?.patientName}</DialogTitle>
            <DialogDescription>Say what was done (a call, a safety plan, a referral). The note is kept with the alert and audited.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={noteId}>What was done</Label>
            <Textarea id={noteId} value={note} onChange={(event) => setNote(event.target.value)} rows={4} required maxLength={2000} />
          </div>
          {acknowledge.isError && (
            <p role="alert" className="text-sm text-rose-700">
              {acknowledge.error.message}
            </p>
          )}
          <FormDialogFooter busy={acknowledge.isPending} onCancel={onClose} label="Acknowledge" busyLabel="Saving…" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
