import type { UserRole } from "@halcyon/domain/schemas";
import { Input } from "@halcyon/ui/components/input";
import { Label } from "@halcyon/ui/components/label";
import { Search } from "lucide-react";

import { ROLE_PLURALS, ROLES } from "./people";
import { SelectField } from "./select-field";

export type Status = "active" | "deactivated";

export type UserFilters = { search: string; role: UserRole | undefined; status: Status | undefined; page: number };

/** The filters as the address shows them (bookmarkable, back-button friendly). */
export function searchParamsOf({ search, role, status, page }: UserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set("q", search);
  if (role) params.set("role", role);
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  return params;
}

export function readRole(value: string | null): UserRole | undefined {
  return ROLES.find((role) => role === value);
}
export function readStatus(value: string | null): Status | undefined {
  return value === "active" || value === "deactivated" ? value : undefined;
}

/** Search by name, and narrow by role and status. */
export function UserFiltersBar({ filters, onChange }: { filters: UserFilters; onChange: (change: Partial<Omit<UserFilters, "page">>) => void }) {
  const { role, status } = filters;
  return (
    <div className="grid gap-4 rounded-xl border border-hairline bg-card p-5 shadow-soft sm:p-6 md:grid-cols-[1fr_12rem_12rem] md:items-end">
      <div className="flex flex-col gap-2">
        <Label htmlFor="users-search">Search</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-4 size-4 -translate-y-1/2 text-gold-700" aria-hidden="true" />
          <Input
            id="users-search"
            type="search"
            value={filters.search}
            onChange={(event) => onChange({ search: event.target.value })}
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
        onValueChange={(value) => onChange({ role: readRole(value) })}
        options={[{ value: "all", label: "All roles" }, ...ROLES.map((value) => ({ value, label: ROLE_PLURALS[value] }))]}
      />
      <SelectField
        id="users-status"
        label="Status"
        value={status ?? "any"}
        onValueChange={(value) => onChange({ status: readStatus(value) })}
        options={[
          { value: "any", label: "Any status" },
          { value: "active", label: "Active" },
          { value: "deactivated", label: "Deactivated" },
        ]}
      />
    </div>
  );
}
