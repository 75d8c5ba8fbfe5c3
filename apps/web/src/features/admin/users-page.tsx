import type { AdminUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { keepPreviousData } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";

import { useCurrentUser } from "../../lib/auth/current-user";
import { trpc } from "../../lib/trpc";
import { LoadAlert } from "./load-alert";
import { TableCard } from "./table-card";
import { AdminShell, EmptyState } from "./admin-shell";
import { CareTeamDialog } from "./care-team-dialog";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { rangeLabel } from "./people";
import { useDebounced } from "./use-debounced";
import { EnrolmentCodeDialog } from "./enrolment-code-dialog";
import { ChangeEmailDialog, ChangeRoleDialog, ResetTwoStepDialog, SignOutEverywhereDialog, StatusDialog, type StatusChange } from "./user-dialogs";
import { UserRow } from "./user-row";
import { readRole, readStatus, searchParamsOf, UserFiltersBar, type UserFilters } from "./users-filters";
import { UsersPager } from "./users-pager";

export const USERS_PAGE_SIZE = 25;

export function UsersPage() {
  const [params, setParams] = useSearchParams();
  // The filters live here and are mirrored in the address (bookmarkable, back-button friendly).
  const [filters, setFilters] = useState<UserFilters>(() => ({
    search: params.get("q") ?? "",
    role: readRole(params.get("role")),
    status: readStatus(params.get("status")),
    page: Math.max(1, Number(params.get("page")) || 1),
  }));
  const { role, status, page } = filters;
  const debouncedSearch = useDebounced(filters.search.trim(), 300);
  const offset = (page - 1) * USERS_PAGE_SIZE;
  const { user: me } = useCurrentUser();
  const [roleChange, setRoleChange] = useState<AdminUser | null>(null);
  const [emailChange, setEmailChange] = useState<AdminUser | null>(null);
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);
  const [careOf, setCareOf] = useState<AdminUser | null>(null);
  const [passwordOf, setPasswordOf] = useState<AdminUser | null>(null);
  const [signOutOf, setSignOutOf] = useState<AdminUser | null>(null);
  const [resetTwoStepOf, setResetTwoStepOf] = useState<AdminUser | null>(null);
  const [enrolmentCodeOf, setEnrolmentCodeOf] = useState<AdminUser | null>(null);
  const query = searchParamsOf({ ...filters, search: debouncedSearch }).toString();

  useEffect(() => {
    setParams(new URLSearchParams(query), { replace: true });
  }, [query, setParams]);

  const users = trpc.admin.users.useQuery(
    { ...(debouncedSearch ? { search: debouncedSearch } : {}), ...(role ? { role } : {}), ...(status ? { status } : {}), limit: USERS_PAGE_SIZE, offset },
    { placeholderData: keepPreviousData },
  );

  /** Any change of filter starts again at the first page. */
  const filter = (change: Partial<Omit<UserFilters, "page">>) => setFilters((current) => ({ ...current, ...change, page: 1 }));
  const goToPage = (next: number) => setFilters((current) => ({ ...current, page: next }));
  const clearFilters = () => setFilters({ search: "", role: undefined, status: undefined, page: 1 });

  const total = users.data?.total ?? 0;
  const rows = users.data?.users ?? [];
  const lastPage = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const filtered = Boolean(debouncedSearch || role || status);

  return (
    <AdminShell
      section="All users"
      title="Everyone at the clinic"
      lead="Patients, doctors and admins: find anyone, change a role, or pause an account. A paused account is signed out at once."
      actions={
        <Button asChild>
          <Link to="/admin/users/new">
            <UserPlus aria-hidden="true" />
            Add New User
          </Link>
        </Button>
      }
    >
      <UserFiltersBar filters={filters} onChange={filter} />

      <div className="mt-8" aria-busy={users.isFetching}>
        {users.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading the people of the clinic…</span>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-16 w-full rounded-xl" />
            ))}
          </div>
        ) : users.isError ? (
          <LoadAlert what="The list" error={users.error} onRetry={() => void users.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={filtered ? "No one matches" : "No one here yet"}
            action={
              filtered ? (
                <Button variant="outline" onClick={clearFilters}>
                  Clear filters
                </Button>
              ) : (
                <Button asChild>
                  <Link to="/admin/users/new">Add New User</Link>
                </Button>
              )
            }
          >
            {filtered ? "Try another name, or widen the role and status." : "Accounts you create, and patients who register, will be listed here."}
          </EmptyState>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
              {rangeLabel(offset, rows.length, total)} {total === 1 ? "person" : "people"}
            </p>
            <TableCard label="Users" columns={["Name", "Role", "Status", "Joined", { label: "Actions", hidden: true }]}>
              {rows.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isMe={user.id === me?.id}
                  onChangeRole={() => setRoleChange(user)}
                  onChangeEmail={() => setEmailChange(user)}
                  onChangeStatus={(active) => setStatusChange({ user, active })}
                  onCareTeam={() => setCareOf(user)}
                  onResetPassword={() => setPasswordOf(user)}
                  onSignOutEverywhere={() => setSignOutOf(user)}
                  onResetTwoStep={() => setResetTwoStepOf(user)}
                  onEnrolmentCode={() => setEnrolmentCodeOf(user)}
                />
              ))}
            </TableCard>
            <UsersPager page={page} lastPage={lastPage} onPage={goToPage} />
          </>
        )}
      </div>

      <ChangeRoleDialog user={roleChange} onClose={() => setRoleChange(null)} />
      <ChangeEmailDialog user={emailChange} onClose={() => setEmailChange(null)} />
      <StatusDialog change={statusChange} onClose={() => setStatusChange(null)} />
      <CareTeamDialog patient={careOf} onClose={() => setCareOf(null)} />
      <ResetPasswordDialog user={passwordOf} onClose={() => setPasswordOf(null)} />
      <SignOutEverywhereDialog user={signOutOf} onClose={() => setSignOutOf(null)} />
      <ResetTwoStepDialog user={resetTwoStepOf} onClose={() => setResetTwoStepOf(null)} />
      <EnrolmentCodeDialog user={enrolmentCodeOf} onClose={() => setEnrolmentCodeOf(null)} />
    </AdminShell>
  );
}
