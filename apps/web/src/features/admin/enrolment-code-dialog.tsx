import type { AdminUser } from "@halcyon/domain/schemas";

import { CopyField } from "../../components/copy-field";
import { trpc } from "../../lib/trpc";
import { useRecheckWhenAsked } from "../account/use-recheck-when-asked";
import { toastFailure } from "./feedback";
import { IssueSecretSteps, MemberDialog } from "./issue-secret-dialog";
import { displayName } from "./people";

/**
 * For a doctor or admin who must set up two-step sign-in and has none yet: the code that lets
 * them, so that their password alone is not enough. Shown here once; it works for 24 hours.
 */
export function EnrolmentCodeDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <MemberDialog user={user} onClose={onClose}>
      {(member) => <IssueEnrolmentCode key={member.id} user={member} onDone={onClose} />}
    </MemberDialog>
  );
}

function IssueEnrolmentCode({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const utils = trpc.useUtils();
  const actionLabel = "Issue enrolment code";
  const recheck = useRecheckWhenAsked({ title: "Issue an enrolment code?", actionLabel, busyLabel: "Issuing…" });
  const issue = trpc.admin.issueEnrolmentCode.useMutation({
    onSuccess: () => void utils.admin.auditLog.invalidate(),
    onError: (error, input) => {
      if (!recheck.offer(error, () => issue.mutateAsync(input))) toastFailure("No enrolment code was issued", error);
    },
  });
  const name = displayName(user);

  return (
    <IssueSecretSteps
      title={`Issue an enrolment code for ${name}?`}
      description={`While the clinic requires two-step sign-in of staff, ${user.firstName} needs this code to set it up, so that a stolen password alone cannot. A code given before stops working. This is recorded in the system log.`}
      actionLabel={actionLabel}
      pending={issue.isPending}
      onIssue={() => issue.mutate({ id: user.id })}
      issued={
        issue.data
          ? {
              title: `An enrolment code for ${name}`,
              description: `Pass it on by a way you trust: it is shown only now, works once, and only until ${new Date(issue.data.expiresAt).toLocaleString()}. They enter it when they set up two-step sign-in.`,
              secret: <CopyField label="Enrolment code" value={issue.data.enrolmentCode} mono />,
            }
          : null
      }
      onDone={onDone}
      recheckDialog={recheck.dialog}
    />
  );
}
