import type { AdminUser } from "@halcyon/domain/schemas";
import { Avatar, AvatarFallback } from "@halcyon/ui/components/avatar";
import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { TableCell, TableRow } from "@halcyon/ui/components/table";

import { monogramOf } from "../../lib/monogram";
import { displayName, formatDay, ROLE_LABELS } from "./people";

const ROLE_TONE = { admin: "ink", doctor: "gold", patient: "stone" } as const;

type UserRowProps = {
  user: AdminUser;
  isMe: boolean;
  onChangeRole: () => void;
  onChangeEmail: () => void;
  onChangeStatus: (active: boolean) => void;
  onCareTeam: () => void;
  onResetPassword: () => void;
  onSignOutEverywhere: () => void;
  onResetTwoStep: () => void;
  onEnrolmentCode: () => void;
};

/** One person in the users list: who, role, status, joined, and what an admin may do to them. */
export function UserRow({
  user,
  isMe,
  onChangeRole,
  onChangeEmail,
  onChangeStatus,
  onCareTeam,
  onResetPassword,
  onSignOutEverywhere,
  onResetTwoStep,
  onEnrolmentCode,
}: UserRowProps) {
  const name = displayName(user);
  const active = user.deactivatedAt === null;
  return (
    <TableRow data-testid="user-row" data-username={user.username}>
      <TableCell className="max-md:text-left">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar className="size-10 max-md:hidden">
            <AvatarFallback aria-hidden="true">{monogramOf(user.firstName, user.lastName)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 text-left">
            <p className="font-medium text-ink-900">
              {name}
              {isMe ? <span className="ml-2 text-xs font-normal text-muted-foreground">(you)</span> : null}
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {user.username}
              {user.email ? ` · ${user.email}` : ""}
            </p>
          </div>
        </div>
      </TableCell>
      <TableCell label="Role">
        <span className="inline-flex flex-col items-end gap-1 md:items-start">
          <Badge tone={ROLE_TONE[user.role]}>{ROLE_LABELS[user.role]}</Badge>
          {user.role === "doctor" && user.specialization ? <span className="text-xs text-muted-foreground">{user.specialization}</span> : null}
        </span>
      </TableCell>
      <TableCell label="Status">
        <span className="inline-flex flex-col items-end gap-1 md:items-start">
          <Badge tone={active ? "sage" : "stone"}>{active ? "Active" : "Deactivated"}</Badge>
          {!active && user.deactivatedAt ? (
            <span className="text-xs text-muted-foreground">since {formatDay(user.deactivatedAt)}</span>
          ) : user.mustChangePassword ? (
            <span className="text-xs text-muted-foreground">On a one-time password</span>
          ) : user.twoStepEnabled ? (
            <span className="text-xs text-muted-foreground">Two-step sign-in on</span>
          ) : null}
        </span>
      </TableCell>
      <TableCell label="Joined" className="whitespace-nowrap text-stone-600">
        {formatDay(user.createdAt)}
      </TableCell>
      <TableCell className="max-md:mt-3 max-md:justify-start max-md:border-t max-md:border-ivory-300 max-md:pt-4 md:text-right">
        <div className="flex flex-wrap gap-2 md:justify-end">
          {user.role === "patient" ? (
            <Button variant="outline" size="sm" onClick={onCareTeam} aria-label={`Care team of ${name}`}>
              Care team
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={onChangeRole} aria-label={`Change role of ${name}`}>
            Change role
          </Button>
          {active ? (
            <Button variant="outline" size="sm" onClick={onChangeEmail} aria-label={`Change email of ${name}`}>
              Change email
            </Button>
          ) : null}
          {active && !isMe ? (
            <>
              <Button variant="outline" size="sm" onClick={onResetPassword} aria-label={`New password for ${name}`}>
                New password
              </Button>
              <Button variant="outline" size="sm" onClick={onSignOutEverywhere} aria-label={`Sign out everywhere for ${name}`}>
                Sign out everywhere
              </Button>
              {user.twoStepEnabled ? (
                <Button variant="outline" size="sm" onClick={onResetTwoStep} aria-label={`Reset two-step sign-in for ${name}`}>
                  Reset two-step sign-in
                </Button>
              ) : user.role !== "patient" ? (
                <Button variant="outline" size="sm" onClick={onEnrolmentCode} aria-label={`Issue enrolment code for ${name}`}>
                  Issue enrolment code
                </Button>
              ) : null}
            </>
          ) : null}
          {active ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => onChangeStatus(false)}
              aria-label={`Deactivate ${name}`}
              data-status-action={user.id}
              className="text-rose-700 hover:bg-rose-50"
            >
              Deactivate
            </Button>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => onChangeStatus(true)} aria-label={`Reactivate ${name}`} data-status-action={user.id}>
              Reactivate
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}
