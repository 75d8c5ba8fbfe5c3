import type { EmergencyAccess } from "@halcyon/domain/schemas";
import { EMERGENCY_REASON_MIN } from "@halcyon/domain/rules";
import { Button } from "@halcyon/ui/components/button";
import { Label } from "@halcyon/ui/components/label";
import { Textarea } from "@halcyon/ui/components/textarea";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { Hourglass, ShieldAlert } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Link } from "react-router-dom";

import { useTimeFormat } from "../../lib/clinic-time-zone";
import { trpc } from "../../lib/trpc";
import { useRecheckWhenAsked } from "../account/use-recheck-when-asked";

const APPROVAL_POLL_MS = 15_000;

/** An emergency access that is open: it has an end. */
export type OpenEmergencyAccess = EmergencyAccess & { status: "open"; expiresAt: string };

/** The access when it is open; null when there is none or it still awaits an admin's approval. */
export function openAccessOf(access: EmergencyAccess | null | undefined): OpenEmergencyAccess | null {
  return access?.status === "open" && access.expiresAt !== null ? { ...access, status: "open", expiresAt: access.expiresAt } : null;
}

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
  // A request awaiting an admin's approval is asked after now and then, so the record opens here once approved.
  const current = trpc.emergencyAccess.current.useQuery(
    { patientId },
    { refetchInterval: (query) => (query.state.data?.status === "awaiting_approval" ? APPROVAL_POLL_MS : false) },
  );
  const approved = current.data?.status === "open";
  useEffect(() => {
    if (approved) void utils.treatmentSessions.list.invalidate({ userId: patientId });
  }, [approved, patientId, utils]);
  const recheck = useRecheckWhenAsked({ title: "Open this record in an emergency?", actionLabel: "Open in an emergency", busyLabel: "Opening the record…" });
  const open = trpc.emergencyAccess.request.useMutation({
    onSuccess: async (grant) => {
      await Promise.all([utils.emergencyAccess.current.invalidate({ patientId }), utils.treatmentSessions.list.invalidate({ userId: patientId })]);
      if (grant.expiresAt === null) {
        toast({ title: "Waiting for an admin's approval", description: `${grant.patientName}'s record opens to you once an admin approves your request.` });
      } else {
        toast({
          title: "Emergency access granted",
          description: `${grant.patientName}'s session notes are open to you until ${format.time(grant.expiresAt)}.`,
        });
      }
    },
    onError: (error, input) => {
      if (!recheck.offer(error, () => open.mutateAsync(input))) setProblem(error.message);
    },
  });

  if (current.data?.status === "awaiting_approval") return <AwaitingApproval requestedAt={current.data.grantedAt} />;

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
        {recheck.dialog}
      </div>
    </div>
  );
}

/**
 * A doctor whose care of this patient an admin ended: their request waits for an admin's approval
 * and opens nothing until then.
 */
function AwaitingApproval({ requestedAt }: { requestedAt: string }) {
  const format = useTimeFormat();
  return (
    <div className="mx-auto max-w-2xl px-5 py-20 md:py-24">
      <div role="status" className="rounded-xl border border-hairline bg-card p-7 shadow-soft sm:p-10">
        <span className="flex size-12 items-center justify-center rounded-full border border-hairline bg-ivory-50 text-gold-700">
          <Hourglass className="size-5" strokeWidth={1.4} aria-hidden="true" />
        </span>
        <h1 className="mt-5 font-display text-4xl leading-tight text-ink-900">Waiting for an admin&rsquo;s approval</h1>
        <p className="mt-4 text-base leading-relaxed text-muted-foreground">
          An admin ended your care of this patient, so emergency access to their record needs an admin&rsquo;s approval first. You asked at{" "}
          {format.time(requestedAt)}; once an admin approves, their session notes open here for one hour. If it cannot wait, call the clinic&rsquo;s admin.
        </p>
        <div className="mt-8">
          <Button asChild variant="outline">
            <Link to="/patients">Back to your patients</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Above a record opened under emergency access: until when, and that it is watched. */
export function EmergencyAccessNotice({ access }: { access: OpenEmergencyAccess }) {
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
