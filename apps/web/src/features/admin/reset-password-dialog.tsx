import type { AdminUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";

import { trpc } from "../../lib/trpc";
import { toastFailure } from "./feedback";
import { OneTimePasswordField } from "./one-time-password";
import { displayName } from "./people";

/**
 * Getting a locked-out member back in: after a confirmation, a new one-time password (72 hours)
 * replaces theirs and every session of theirs ends; it is shown here once.
 */
export function ResetPasswordDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{user ? <ResetPassword key={user.id} user={user} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function ResetPassword({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const utils = trpc.useUtils();
  const issue = trpc.admin.issueOneTimePassword.useMutation({
    onSuccess: () => void Promise.all([utils.admin.users.invalidate(), utils.admin.auditLog.invalidate(), utils.admin.stats.invalidate()]),
    onError: (error) => toastFailure("No new password was issued", error),
  });
  const name = displayName(user);

  if (issue.data) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>A new one-time password for {name}</DialogTitle>
          <DialogDescription>
            Pass it on privately: it is shown only now and works for 72 hours. They sign in as{" "}
            <strong className="font-semibold text-ink-900">{user.username}</strong> and then choose their own password.
          </DialogDescription>
        </DialogHeader>
        <div data-surface="ink" className="min-w-0 rounded-lg bg-ink-900 p-4 text-ivory-50 sm:p-5">
          <OneTimePasswordField password={issue.data.oneTimePassword} />
        </div>
        <DialogFooter>
          <Button type="button" onClick={onDone}>
            Done
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Issue a new password for {name}?</DialogTitle>
        <DialogDescription>
          Their current password stops working and they are signed out everywhere at once. You will see a one-time password to pass on; with it they sign in and
          choose their own. This is recorded in the system log.
        </DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={issue.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="button" disabled={issue.isPending} onClick={() => issue.mutate({ id: user.id })}>
          {issue.isPending ? "Issuing…" : "Issue one-time password"}
        </Button>
      </DialogFooter>
    </>
  );
}
