import type { AdminUser } from "@halcyon/domain/schemas";

import { trpc } from "../../lib/trpc";
import { useRecheckWhenAsked } from "../account/use-recheck-when-asked";
import { toastFailure } from "./feedback";
import { IssueSecretSteps, MemberDialog } from "./issue-secret-dialog";
import { OneTimePasswordField } from "./one-time-password";
import { displayName } from "./people";

/**
 * Getting a locked-out member back in: after a confirmation, a new one-time password (72 hours)
 * replaces theirs and every session of theirs ends; it is shown here once.
 */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <MemberDialog user={user} onClose={onClose}>
      {(member) => <ResetPassword key={member.id} user={member} onDone={onClose} />}
    </MemberDialog>
  );
}

function ResetPassword({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const utils = trpc.useUtils();
  const actionLabel = "Issue one-time password";
  const recheck = useRecheckWhenAsked({ title: "Issue a new password?", actionLabel, busyLabel: "Issuing…" });
  const issue = trpc.admin.issueOneTimePassword.useMutation({
    onSuccess: () => void Promise.all([utils.admin.users.invalidate(), utils.admin.auditLog.invalidate(), utils.admin.stats.invalidate()]),
    onError: (error, input) => {
      if (!recheck.offer(error, () => issue.mutateAsync(input))) toastFailure("No new password was issued", error);
    },
  });
  const name = displayName(user);

  return (
    <IssueSecretSteps
      title={`Issue a new password for ${name}?`}
      description="Their current password stops working and they are signed out everywhere at once. You will see a one-time password to pass on; with it they sign in and choose their own. This is recorded in the system log."
      actionLabel={actionLabel}
      pending={issue.isPending}
      onIssue={() => issue.mutate({ id: user.id })}
      issued={
        issue.data
          ? {
              title: `A new one-time password for ${name}`,
              description: (
                <>
                  Pass it on privately: it is shown only now and works for 72 hours. They sign in as{" "}
                  <strong className="font-semibold text-ink-900">{user.username}</strong> and then choose their own password.
                </>
              ),
              secret: (
                <div data-surface="ink" className="min-w-0 rounded-lg bg-ink-900 p-4 text-ivory-50 sm:p-5">
                  <OneTimePasswordField password={issue.data.oneTimePassword} />
                </div>
              ),
            }
          : null
      }
      onDone={onDone}
      recheckDialog={recheck.dialog}
    />
  );
}
