import type { AdminUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@halcyon/ui/components/dialog";
import type { ReactNode } from "react";

/** A dialog about one member, open while `user` is set; its content starts afresh for each member. */
export function MemberDialog({ user, onClose, children }: { user: AdminUser | null; onClose: () => void; children: (user: AdminUser) => ReactNode }) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{user ? children(user) : null}</DialogContent>
    </Dialog>
  );
}

export interface IssuedSecret {
  title: string;
  description: ReactNode;
  /** The secret itself, shown this once. */
  secret: ReactNode;
}

/**
 * An admin gives a member a secret to pass on (a one-time password, an enrolment code): first
 * what it does and a confirmation, then the secret, shown only this once.
 */
export function IssueSecretSteps(props: {
  title: string;
  description: ReactNode;
  actionLabel: string;
  pending: boolean;
  onIssue: () => void;
  issued: IssuedSecret | null;
  onDone: () => void;
  /** The re-check's dialog, offered when the server asks the admin to confirm it is them. */
  recheckDialog: ReactNode;
}) {
  if (props.issued) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>{props.issued.title}</DialogTitle>
          <DialogDescription>{props.issued.description}</DialogDescription>
        </DialogHeader>
        {props.issued.secret}
        <DialogFooter>
          <Button type="button" onClick={props.onDone}>
            Done
          </Button>
        </DialogFooter>
      </>
    );
  }
  return (
    <>
      <DialogHeader>
        <DialogTitle>{props.title}</DialogTitle>
        <DialogDescription>{props.description}</DialogDescription>
      </DialogHeader>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={props.pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="button" disabled={props.pending} onClick={props.onIssue}>
          {props.pending ? "Issuing…" : props.actionLabel}
        </Button>
      </DialogFooter>
      {props.recheckDialog}
    </>
  );
}
