import type { AdminUser, UserRole } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import { Input } from "@halcyon/ui/components/input";
import { cn } from "@halcyon/ui/lib/utils";
import { useRef, useState, type FormEvent } from "react";

import { issuesOf } from "../../lib/api-errors";
import { FormDialogFooter } from "../../components/form-dialog-footer";
import { useCurrentUser } from "../../lib/auth/current-user";
import { trpc } from "../../lib/trpc";
import { RecheckDialog } from "../account/recheck-dialog";
import { useRecheckWhenAsked } from "../account/use-recheck-when-asked";
import { AdminField } from "./admin-field";
import { toastFailure, toastSuccess } from "./feedback";
import { displayName, ROLE_LABELS, ROLES } from "./people";

const ROLE_NOTES: Record<UserRole, string> = {
  patient: "Books sessions, follows their progress, writes to doctors.",
  doctor: "Sees their schedule and patients, writes session notes.",
  admin: "Runs the clinic: people, records, backups and settings.",
};

/** After any change to people, every figure and list that counts them is read again. */
function useRefreshPeople() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.admin.users.invalidate(), utils.admin.stats.invalidate(), utils.admin.auditLog.invalidate()]);
}

export function ChangeRoleDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{user ? <ChangeRoleForm key={user.id} user={user} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function ChangeRoleForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const { user: me } = useCurrentUser();
  const [role, setRole] = useState<UserRole>(user.role);
  const [specialization, setSpecialization] = useState(user.specialization ?? "");
  const [problem, setProblem] = useState<string>();
  const refresh = useRefreshPeople();
  const needsSpecialization = role === "doctor" && user.role !== "doctor" && !user.specialization;
  const recheck = useRecheckWhenAsked({ title: "Change this role?", actionLabel: "Change role", busyLabel: "Changing role…" });
  const update = trpc.admin.updateUser.useMutation({
    onSuccess: async (updated) => {
      await refresh();
      toastSuccess(
        "Role changed",
        `${displayName(updated)} is now ${updated.role === "admin" ? "an admin" : `a ${updated.role}`}. They will sign in again to see their new pages.`,
      );
      onDone();
    },
    onError: (error, input) => {
      if (!recheck.offer(error, () => update.mutateAsync(input))) toastFailure("The role was not changed", error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (role === user.role) return onDone();
    if (needsSpecialization && !specialization.trim()) {
      setProblem("A doctor needs a specialization.");
      document.getElementById("role-specialization")?.focus();
      return;
    }
    update.mutate({ id: user.id, role, ...(needsSpecialization ? { specialization: specialization.trim() } : {}) });
  };

  return (
    <>
      <form onSubmit={submit} noValidate className="grid gap-6">
        <DialogHeader>
          <DialogTitle>Change role</DialogTitle>
          <DialogDescription>
            {user.id === me?.id
              ? "This is your own account. A new role signs you out everywhere, and you will no longer see the admin pages unless you stay an admin."
              : `${displayName(user)} is ${user.role === "admin" ? "an admin" : `a ${user.role}`}. A new role signs them out everywhere; they sign in again to their new pages.`}
          </DialogDescription>
        </DialogHeader>
        <fieldset className="grid min-w-0 gap-3">
          <legend className="mb-3 text-sm font-medium">Role</legend>
          {ROLES.map((option) => (
            <label
              key={option}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                role === option ? "border-gold-600 bg-gold-200/30" : "border-ivory-300 hover:border-gold-500/60",
              )}
            >
              <input
                type="radio"
                name="role"
                value={option}
                checked={role === option}
                onChange={() => setRole(option)}
                className="mt-1 size-4 accent-gold-700 focus-visible:outline-none"
              />
              <span className="flex flex-col gap-0.5">
                <span className="text-sm font-medium text-ink-900">{ROLE_LABELS[option]}</span>
                <span className="text-xs leading-relaxed text-muted-foreground">{ROLE_NOTES[option]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {needsSpecialization ? (
          <AdminField id="role-specialization" label="Specialization" error={problem}>
            <Input value={specialization} onChange={(event) => setSpecialization(event.target.value)} placeholder="e.g. Couples Therapy" />
          </AdminField>
        ) : null}
        <FormDialogFooter busy={update.isPending} onCancel={onDone} label="Change role" busyLabel="Changing role…" />
      </form>
      {/* Outside the form: the dialog's own submit must not bubble into this one. */}
      {recheck.dialog}
    </>
  );
}

/** An admin gives a member a new email address (or removes it): unverified until its owner follows the link sent to it. */
export function ChangeEmailDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{user ? <ChangeEmailForm key={user.id} user={user} onDone={onClose} /> : null}</DialogContent>
    </Dialog>
  );
}

function ChangeEmailForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const [email, setEmail] = useState(user.email ?? "");
  const [problem, setProblem] = useState<string>();
  const refresh = useRefreshPeople();
  const name = displayName(user);
  const recheck = useRecheckWhenAsked({ title: "Change this email address?", actionLabel: "Change email", busyLabel: "Changing email…" });
  const update = trpc.admin.updateUser.useMutation({
    onSuccess: async (updated) => {
      await refresh();
      toastSuccess(
        "Email changed",
        updated.email
          ? `${displayName(updated)} is sent a link to confirm ${updated.email}; until they follow it, no email goes there.`
          : `${displayName(updated)} has no email address now, and gets no email.`,
      );
      onDone();
    },
    onError: (error, input) => {
      if (recheck.offer(error, () => update.mutateAsync(input))) return;
      // A refused address is said by its field; anything else is said in a toast.
      const refused = issuesOf(error).get("email");
      if (refused === undefined) return toastFailure("The email was not changed", error);
      setProblem(refused);
      document.getElementById("member-email")?.focus();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = email.trim();
    if (next === (user.email ?? "")) return onDone();
    setProblem(undefined);
    update.mutate({ id: user.id, email: next === "" ? null : next });
  };

  return (
    <>
      <form onSubmit={submit} noValidate className="grid gap-6">
        <DialogHeader>
          <DialogTitle>Change email</DialogTitle>
          <DialogDescription>
            {user.email
              ? `${name} is told at their current address that it changed. The new address is used once they follow the link sent to it.`
              : `The address is used once ${name} follows the link sent to it.`}{" "}
            Leave it empty to remove the address.
          </DialogDescription>
        </DialogHeader>
        <AdminField id="member-email" label="Email" hint="optional" error={problem}>
          <Input type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
        </AdminField>
        <FormDialogFooter busy={update.isPending} onCancel={onDone} label="Change email" busyLabel="Changing email…" />
      </form>
      {recheck.dialog}
    </>
  );
}

export type StatusChange = { user: AdminUser; active: boolean };

/** Deactivate or reactivate, always after a confirmation that says what will happen. */
export function StatusDialog({ change, onClose }: { change: StatusChange | null; onClose: () => void }) {
  const { user: me } = useCurrentUser();
  const refresh = useRefreshPeople();
  const recheck = useRecheckWhenAsked({ title: "Reactivate this account?", actionLabel: "Reactivate", busyLabel: "Reactivating…" });
  const update = trpc.admin.updateUser.useMutation({
    onSuccess: async (updated) => {
      await refresh();
      toastSuccess(
        updated.deactivatedAt ? "Account deactivated" : "Account reactivated",
        updated.deactivatedAt
          ? `${displayName(updated)} has been signed out everywhere and cannot sign in.`
          : `${displayName(updated)} can sign in again with their password.`,
      );
      onClose();
    },
    // The notification says why (or the re-check asks first); the dialog's question has its answer.
    onError: (error, input) => {
      if (!recheck.offer(error, () => update.mutateAsync(input)))
        toastFailure(input.active ? "The account was not reactivated" : "The account was not deactivated", error);
      onClose();
    },
  });
  const name = change ? displayName(change.user) : "";
  // The button that opened the dialog is replaced by its opposite once the change is made: the
  // focus goes to whichever the row now shows, not to the top of the page.
  const changed = useRef<StatusChange | null>(null);
  if (change) changed.current = change;
  const rowAction = () => changed.current && document.querySelector<HTMLElement>(`[data-status-action="${changed.current.user.id}"]`);

  return (
    <>
      <Dialog open={change !== null} onOpenChange={(open) => !open && !update.isPending && onClose()}>
        <DialogContent focusOnClose={rowAction}>
          {change ? (
            <>
              <DialogHeader>
                <DialogTitle>{change.active ? `Reactivate ${name}?` : `Deactivate ${name}?`}</DialogTitle>
                <DialogDescription>
                  {change.active
                    ? "They will be able to sign in again with their existing password. Nothing else changes."
                    : change.user.id === me?.id
                      ? "This is your own account: you will be signed out at once, on every device, and only another admin can reactivate you."
                      : "They will be signed out at once, on every device, and cannot sign in until an admin reactivates them. Their records stay as they are."}
                </DialogDescription>
              </DialogHeader>
              <ConfirmFooter
                pending={update.isPending}
                destructive={!change.active}
                label={change.active ? "Reactivate" : "Deactivate"}
                pendingLabel={change.active ? "Reactivating…" : "Deactivating…"}
                onConfirm={() => update.mutate({ id: change.user.id, active: change.active })}
              />
            </>
          ) : null}
        </DialogContent>
      </Dialog>
      {recheck.dialog}
    </>
  );
}

/**
 * Ends every session of a member, on every device, after a confirmation: for a lost phone or a
 * shared computer left signed in. Their password and two-step sign-in stay as they are. (Admins
 * end their own other sessions from their account page.)
 */
export function SignOutEverywhereDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const name = user ? displayName(user) : "";
  const end = trpc.account.endAllSessionsOf.useMutation({
    onSuccess: ({ ended }) => {
      toastSuccess(
        "Signed out everywhere",
        ended === 0 ? `${name} had no open sessions.` : `${name} was signed out of ${ended} ${ended === 1 ? "session" : "sessions"}.`,
      );
      onClose();
    },
    onError: (error) => toastFailure("The sessions were not ended", error),
  });
  return (
    <MemberActionDialog
      user={user}
      onClose={onClose}
      pending={end.isPending}
      title={`Sign ${name} out everywhere?`}
      description="Every session they have open ends at once, on every device, and open pages return to sign-in. Their password and two-step sign-in stay as they are."
      label="Sign out everywhere"
      pendingLabel="Signing out…"
      onConfirm={(id) => end.mutate({ id })}
    />
  );
}

/**
 * For a member who lost their authenticator and their recovery codes (ask them first, by a way you
 * trust). The admin confirms their own password first: the reset lets a password alone sign in.
 */
export function ResetTwoStepDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const name = user ? displayName(user) : "";
  const refresh = useRefreshPeople();
  const reset = trpc.account.resetTwoStepOf.useMutation();
  return (
    <RecheckDialog
      open={user !== null}
      onClose={onClose}
      title={`Reset the two-step sign-in of ${name}?`}
      description="Only for someone who has lost both their authenticator and their recovery codes, and whom you have reached by a way you trust. Their authenticator and codes stop working, they are signed out everywhere, and their password alone signs them in until they set it up again. Confirm with your own password."
      cancelLabel="Cancel"
      actionLabel="Reset two-step sign-in"
      busyLabel="Resetting…"
      action={async () => {
        if (!user) return;
        await reset.mutateAsync({ id: user.id });
        toastSuccess("Two-step sign-in reset", `${name} signs in with their password alone until they set it up again. Their next sign-in tells them.`);
        await refresh();
      }}
    />
  );
}

/** "Do this to that member?": a title, what it will do, and Cancel or the action, held while it runs. */
function MemberActionDialog({
  user,
  onClose,
  pending,
  title,
  description,
  label,
  pendingLabel,
  onConfirm,
}: {
  user: AdminUser | null;
  onClose: () => void;
  pending: boolean;
  title: string;
  description: string;
  label: string;
  pendingLabel: string;
  onConfirm: (id: number) => void;
}) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        {user ? (
          <>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{description}</DialogDescription>
            </DialogHeader>
            <ConfirmFooter pending={pending} destructive label={label} pendingLabel={pendingLabel} onConfirm={() => onConfirm(user.id)} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Cancel, and the one action a confirmation dialog asks for; both held while it runs. */
function ConfirmFooter({
  pending,
  destructive = false,
  label,
  pendingLabel,
  onConfirm,
}: {
  pending: boolean;
  destructive?: boolean;
  label: string;
  pendingLabel: string;
  onConfirm: () => void;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline" disabled={pending}>
          Cancel
        </Button>
      </DialogClose>
      <Button type="button" variant={destructive ? "destructive" : "default"} disabled={pending} onClick={onConfirm}>
        {pending ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}
