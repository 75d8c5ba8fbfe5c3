import type { EmergencyAccess } from "@halcyon/domain/schemas";
import { EMERGENCY_REASON_MIN } from "@halcyon/domain/rules";
import { Button } from "@halcyon/ui/components/button";
import { Label } from "@halcyon/ui/components/label";
import { Textarea } from "@halcyon/ui/components/textarea";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { ShieldAlert } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";

import { useTimeFormat } from "../../lib/clinic-time-zone";
import { trpc } from "../../lib/trpc";

/**
 * A doctor on the record of a patient not in their care: it stays closed, unless they need it in
 * an emergency and say why. Access then lasts an hour, and an admin reviews the reason.
 */
export function NotInCare({ patientId }: { patientId: number }) {
  const ids = useId();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string>();
  const utils = trpc.useUtils();
  const format = useTimeFormat();
  const open = trpc.emergencyAccess.request.useMutation({
    onSuccess: async (grant) => {
      await Promise.all([utils.emergencyAccess.current.invalidate({ patientId }), utils.treatmentSessions.list.invalidate({ userId: patientId })]);
      toast({ title: "Emergency access granted", description: `${grant.patientName}'s session notes are open to you until ${format.time(grant.expiresAt)}.` });
    },
    onError: (error) => setProblem(error.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < EMERGENCY_REASON_MIN) {
      setProblem(`Write why you need this record now, in at least ${EMERGENCY_REASON_MIN} characters: an admin will read it.`);
      document.getElementById(`${ids}-reason`)?.focus();
      return;
    }
    setProblem(undefined);
    open.mutate({ patientId, reason: reason.trim() });
  };

  return (
    <div className="mx-auto max-w-2xl px-5 py-20 md:py-24">
      <div className="rounded-xl border border-hairline bg-card p-7 shadow-soft sm:p-10">
        <span className="flex size-12 items-center justify-center rounded-full border border-hairline bg-ivory-50 text-gold-700">
          <ShieldAlert className="size-5" strokeWidth={1.4} aria-hidden="true" />
        </span>
        <h1 className="mt-5 font-display text-4xl leading-tight text-ink-900">This patient is not in your care</h1>
        <p className="mt-4 text-base leading-relaxed text-muted-foreground">
          Their record opens to the doctors they see. If you need it now, in an emergency, you may open their session notes for one hour by saying why. Your
          reason and every look are recorded, and an admin reviews them.
        </p>
        <form onSubmit={submit} noValidate className="mt-8 grid gap-3">
          <Label htmlFor={`${ids}-reason`}>Why you need this record now</Label>
          <Textarea
            id={`${ids}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={2000}
            placeholder="e.g. The patient is with me at the crisis line and their own therapist cannot be reached."
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${ids}-problem` : `${ids}-hint`}
          />
          {problem ? (
            <p id={`${ids}-problem`} className="text-sm text-rose-700">
              {problem}
            </p>
          ) : (
            <p id={`${ids}-hint`} className="text-xs text-muted-foreground">
              At least {EMERGENCY_REASON_MIN} characters.
            </p>
          )}
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <Button type="submit" disabled={open.isPending}>
              {open.isPending ? "Opening the record…" : "Open in an emergency"}
            </Button>
            <Button asChild variant="outline">
              <Link to="/patients">Back to your patients</Link>
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** Above a record opened under emergency access: until when, and that it is watched. */
export function EmergencyAccessNotice({ access }: { access: EmergencyAccess }) {
  const format = useTimeFormat();
  return (
    <p role="note" className="mb-8 flex items-start gap-3 rounded-lg border border-rose-700/25 bg-rose-50 p-4 text-sm leading-relaxed text-rose-700">
      <ShieldAlert className="mt-0.5 size-4 shrink-0" strokeWidth={1.6} aria-hidden="true" />
      <span>
        <strong className="font-semibold">Emergency access until {format.time(access.expiresAt)}.</strong> This patient is not in your care: what you read here
        is recorded, and an admin will review your reason.
      </span>
    </p>
  );
}
