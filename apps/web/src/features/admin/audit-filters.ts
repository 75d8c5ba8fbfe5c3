// The system log's filters as the page keeps them (in the address, so a filtered view can be
// bookmarked or shared between admins) and as the server takes them.
import type { AuditLogInput } from "@halcyon/domain/schemas";

export type AuditFilters = {
  actorId?: number;
  /** Exact action ("auth.login") or a family ending in "." ("auth."). */
  action?: string;
  /** Calendar days in the viewer's time zone, both included: YYYY-MM-DD. */
  fromDate?: string;
  toDate?: string;
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromSearchParams(params: URLSearchParams): AuditFilters {
  const actorId = Number(params.get("actor"));
  const action = params.get("action")?.trim();
  const fromDate = params.get("from") ?? "";
  const toDate = params.get("to") ?? "";
  return {
    ...(Number.isInteger(actorId) && actorId > 0 ? { actorId } : {}),
    ...(action ? { action } : {}),
    ...(ISO_DAY.test(fromDate) ? { fromDate } : {}),
    ...(ISO_DAY.test(toDate) ? { toDate } : {}),
  };
}

export function searchParamsFromFilters(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.actorId) params.set("actor", String(filters.actorId));
  if (filters.action) params.set("action", filters.action);
  if (filters.fromDate) params.set("from", filters.fromDate);
  if (filters.toDate) params.set("to", filters.toDate);
  return params;
}

/** Local midnight at the start of a calendar day, as an instant. */
function startOfLocalDay(day: string, plusDays = 0): Date {
  const [year = 1970, month = 1, date = 1] = day.split("-").map(Number);
  return new Date(year, month - 1, date + plusDays);
}

/** The server's query: `from` is the start of the first day, `to` the start of the day after the last (exclusive). */
export function auditQueryFromFilters(filters: AuditFilters): NonNullable<AuditLogInput> {
  return {
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.fromDate ? { from: startOfLocalDay(filters.fromDate).toISOString() } : {}),
    ...(filters.toDate ? { to: startOfLocalDay(filters.toDate, 1).toISOString() } : {}),
  };
}

/** The CSV download of exactly what the filters select (every page, not just the one on screen). */
export function auditCsvHref(filters: AuditFilters): string {
  const query = auditQueryFromFilters(filters);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  const search = params.toString();
  return `/api/admin/audit-log.csv${search ? `?${search}` : ""}`;
}

/** A problem with the date range a person can fix, or null. */
export function dateRangeProblem(filters: AuditFilters): string | null {
  if (filters.fromDate && filters.toDate && filters.fromDate > filters.toDate) return "The first day comes after the last day.";
  return null;
}

export function hasFilters(filters: AuditFilters): boolean {
  return Boolean(filters.actorId || filters.action || filters.fromDate || filters.toDate);
}
