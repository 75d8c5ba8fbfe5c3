import type { EmergencyAccessReviewItem } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { ShieldAlert } from "lucide-react";
import { useState } from "react";

import { trpc } from "../../lib/trpc";
import { RecheckDialog } from "../account/recheck-dialog";
import { toastFailure, toastSuccess } from "./feedback";

function when(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

/**
 * Emergency accesses waiting for an admin: a doctor opened the record of a patient not in their
 * care. Shown on the dashboard, with the doctor's reason, until an admin marks each reviewed;
 * nothing at all when none waits. A doctor whose care of that patient an admin ended only asks:
 * their request opens nothing until an admin approves it here.
 */
export function EmergencyReviews() {
  const pending = trpc.emergencyAccess.toReview.useQuery();
  if (!pending.data || pending.data.length === 0) return null;
  const count = pending.data.length;
  const asking = pending.data.filter((item) => item.awaitingApproval).length;

  return (
    <section aria-labelledby="emergency-heading" className="mt-12 rounded-xl border border-rose-700/25 bg-card p-6 shadow-soft sm:p-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-rose-50 text-rose-700">
          <ShieldAlert className="size-5" strokeWidth={1.4} aria-hidden="true" />
        </span>
        <div>
          <h2 id="emergency-heading" className="font-display text-3xl text-ink-900">
            Emergency access to review
          </h2>
          <p className="mt-2 max-w-2xl text-sm leading-relaxed text-muted-foreground">
            {asking === count
              ? count === 1
                ? "A doctor asks to open the record of a patient an admin took out of their care."
                : `${count} times, a doctor asks to open the record of a patient an admin took out of their care.`
              : count === 1
                ? "A doctor opened the record of a patient not in their care, for an hour."
                : `${count} times, a doctor opened the record of a patient not in their care${asking > 0 ? " or asks to" : ", each for an hour"}.`}{" "}
            {asking > 0 ? "Approve a request only when its reason holds: it opens the record for an hour from then. " : ""}
            Read each reason, follow up any that does not hold, then mark it reviewed.
          </p>
        </div>
      </div>
      <ul className="mt-7 grid gap-4">
        {pending.data.map((item) => (
          <EmergencyReview key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

function EmergencyReview({ item }: { item: EmergencyAccessReviewItem }) {
  const utils = trpc.useUtils();
  const [approving, setApproving] = useState(false);
  const refresh = () => Promise.all([utils.emergencyAccess.toReview.invalidate(), utils.admin.auditLog.invalidate()]);
  const review = trpc.emergencyAccess.review.useMutation({
    onSuccess: async () => {
      await refresh();
      if (item.awaitingApproval) toastSuccess("Request declined", `Dr. ${item.doctorName}'s request for ${item.patientName}'s record stays closed.`);
      else toastSuccess("Marked reviewed", `Dr. ${item.doctorName}'s access to ${item.patientName}'s record is reviewed.`);
    },
    onError: (error) => toastFailure(item.awaitingApproval ? "It was not declined" : "It was not marked reviewed", error),
  });
  const approve = trpc.emergencyAccess.approve.useMutation();
  const open = item.expiresAt !== null && Date.parse(item.expiresAt) > Date.now();

  return (
    <li data-testid="emergency-review" className="rounded-lg border border-hairline bg-ivory-50/70 p-5">
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0">
          <p className="font-medium text-ink-900">
            {item.awaitingApproval ? (
              <>
                Dr. {item.doctorName} asks to open {item.patientName}&rsquo;s record
              </>
            ) : (
              <>
                Dr. {item.doctorName} opened {item.patientName}&rsquo;s record
              </>
            )}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            <time dateTime={item.grantedAt}>{when(item.grantedAt)}</time> ·{" "}
            {item.expiresAt === null ? (
              "waiting for your approval: an admin ended their care of this patient"
            ) : (
              <>
                {open ? "open until" : "closed at"} <time dateTime={item.expiresAt}>{when(item.expiresAt)}</time>
              </>
            )}
          </p>
          <blockquote className="mt-3 border-l-2 border-gold-500 pl-4 text-sm leading-relaxed text-ink-900">
            <span className="sr-only">Reason given: </span>
            {item.reason}
          </blockquote>
        </div>
        {item.awaitingApproval ? (
          <div className="flex shrink-0 gap-2 self-start">
            <Button size="sm" aria-label={`Approve: Dr. ${item.doctorName}, ${item.patientName}`} onClick={() => setApproving(true)}>
              Approve
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={review.isPending}
              aria-label={`Decline: Dr. ${item.doctorName}, ${item.patientName}`}
              onClick={() => review.mutate({ id: item.id })}
            >
              {review.isPending ? "Declining…" : "Decline"}
            </Button>
          </div>
        ) : (
          <Button
            variant="outline"
            size="sm"
            className="shrink-0 self-start"
            disabled={review.isPending}
            aria-label={`Mark reviewed: Dr. ${item.doctorName}, ${item.patientName}`}
            onClick={() => review.mutate({ id: item.id })}
          >
            {review.isPending ? "Marking…" : "Mark reviewed"}
          </Button>
        )}
      </div>
      <RecheckDialog
        open={approving}
        onClose={() => setApproving(false)}
        title={`Open ${item.patientName}'s record to Dr. ${item.doctorName}?`}
        description="An admin ended their care of this patient. Approving opens the patient's session notes to them for one hour from now; every look is recorded. Confirm with your own password."
        cancelLabel="Cancel"
        actionLabel="Approve for one hour"
        busyLabel="Approving…"
        action={async () => {
          await approve.mutateAsync({ id: item.id });
          toastSuccess("Emergency access approved", `${item.patientName}'s session notes are open to Dr. ${item.doctorName} for one hour.`);
          await refresh();
        }}
      />
    </li>
  );
}
