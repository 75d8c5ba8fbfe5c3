import type { AdminUser, UserRole } from "@halcyon/domain/schemas";
import { Avatar, AvatarFallback } from "@halcyon/ui/components/avatar";
import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Label } from "@halcyon/ui/components/label";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@halcyon/ui/components/table";
import { keepPreviousData } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Search, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";

import { useCurrentUser } from "../../lib/auth/current-user";
import { monogramOf } from "../../lib/monogram";
import { trpc } from "../../lib/trpc";
import { AdminShell, EmptyState } from "./admin-shell";
import { messageOf } from "./feedback";
import { displayName, formatDay, rangeLabel, ROLE_LABELS, ROLE_PLURALS, ROLES } from "./people";
import { SelectField } from "./select-field";
import { useDebounced } from "./use-debounced";
import { CareTeamDialog } from "./care-team-dialog";
import { ChangeRoleDialog, StatusDialog, type StatusChange } from "./user-dialogs";

export const USERS_PAGE_SIZE = 25;

const ROLE_TONE = { admin: "ink", doctor: "gold", patient: "stone" } as const;
type Status = "active" | "deactivated";

type UserFilters = { search: string; role: UserRole | undefined; status: Status | undefined; page: number };

function searchParamsOf({ search, role, status, page }: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (role) params.set("role", role);
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  return params;
}

function readRole(value: string | null): UserRole | undefined {
  return ROLES.find((role) => role === value);
}
function readStatus(value: string | null): Status | undefined {
  return value === "active" || value === "deactivated" ? value : undefined;
}

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
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);
  const [careOf, setCareOf] = useState<AdminUser | null>(null);
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
      <div className="grid gap-4 rounded-xl border border-hairline bg-card p-5 shadow-soft sm:p-6 md:grid-cols-[1fr_12rem_12rem] md:items-end">
        <div className="flex flex-col gap-2">
          <Label htmlFor="users-search">Search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-gold-700" aria-hidden="true" />
            <Input
              id="users-search"
              type="search"
              value={filters.search}
              onChange={(event) => filter({ search: event.target.value })}
              placeholder="Name, username or email"
              autoComplete="off"
              className="pl-11"
            />
          </div>
        </div>
        <SelectField
          id="users-role"
          label="Role"
          value={role ?? "all"}
          onValueChange={(value) => filter({ role: readRole(value) })}
          options={[{ value: "all", label: "All roles" }, ...ROLES.map((value) => ({ value, label: ROLE_PLURALS[value] }))]}
        />
        <SelectField
          id="users-status"
          label="Status"
          value={status ?? "any"}
          onValueChange={(value) => filter({ status: readStatus(value) })}
          options={[
            { value: "any", label: "Any status" },
            { value: "active", label: "Active" },
            { value: "deactivated", label: "Deactivated" },
          ]}
        />
      </div>

      <div className="mt-8" aria-busy={users.isFetching}>
        {users.isPending ? (
          <div role="status" className="grid gap-3">
            <span className="sr-only">Loading the people of the clinic…</span>
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-16 w-full rounded-xl" />
            ))}
          </div>
        ) : users.isError ? (
          <div role="alert" className="flex flex-col items-start gap-4 rounded-xl border border-rose-700/30 bg-rose-50 p-6 text-sm text-rose-700">
            <p>The list could not be loaded. {messageOf(users.error)}</p>
            <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
              Try again
            </Button>
          </div>
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
            <div className="rounded-xl md:border md:border-hairline md:bg-card md:px-6 md:shadow-soft">
              <Table stackOnMobile aria-label="Users">
                <TableHeader>
                  <TableRow>
                    <TableHead>Name</TableHead>
                    <TableHead>Role</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Joined</TableHead>
                    <TableHead className="text-right">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((user) => (
                    <UserRow
                      key={user.id}
                      user={user}
                      isMe={user.id === me?.id}
                      onChangeRole={() => setRoleChange(user)}
                      onChangeStatus={(active) => setStatusChange({ user, active })}
                      onCareTeam={() => setCareOf(user)}
                    />
                  ))}
                </TableBody>
              </Table>
            </div>
            {lastPage > 1 ? (
              <nav aria-label="Pages of users" className="mt-6 flex items-center justify-between gap-4">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                <p className="text-sm text-muted-foreground">
                  Page {page} of {lastPage}
                </p>
                <Button variant="outline" size="sm" disabled={page >= lastPage} onClick={() => goToPage(page + 1)}>
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </div>

      <ChangeRoleDialog user={roleChange} onClose={() => setRoleChange(null)} />
      <StatusDialog change={statusChange} onClose={() => setStatusChange(null)} />
      <CareTeamDialog patient={careOf} onClose={() => setCareOf(null)} />
    </AdminShell>
  );
}

type UserRowProps = { user: AdminUser; isMe: boolean; onChangeRole: () => void; onChangeStatus: (active: boolean) => void; onCareTeam: () => void };

function UserRow({ user, isMe, onChangeRole, onChangeStatus, onCareTeam }: UserRowProps) {
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
            <span className="text-xs text-muted-foreground">Awaiting first sign-in</span>
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
            <Button variant="ghost" size="sm" onClick={() => onChangeStatus(false)} aria-label={`Deactivate ${name}`} className="text-rose-700 hover:bg-rose-50">
              Deactivate
            </Button>
          ) : (
            <Button variant="ghost" size="sm" onClick={() => onChangeStatus(true)} aria-label={`Reactivate ${name}`}>
              Reactivate
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}
