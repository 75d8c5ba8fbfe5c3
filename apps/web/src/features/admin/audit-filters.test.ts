import { describe, expect, it } from "vitest";

import { auditCsvHref, auditQueryFromFilters, dateRangeProblem, filtersFromSearchParams, hasFilters, searchParamsFromFilters } from "./audit-filters";

describe("filters in the address", () => {
  it("round-trips through search params and ignores nonsense", () => {
    const filters = { actorId: 4, action: "auth.", fromDate: "2026-11-01", toDate: "2026-11-20" };
    expect(filtersFromSearchParams(searchParamsFromFilters(filters))).toEqual(filters);
    expect(filtersFromSearchParams(new URLSearchParams("actor=abc&from=yesterday&action=%20"))).toEqual({});
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ action: "auth.login" })).toBe(true);
  });
});

describe("auditQueryFromFilters", () => {
  it("turns calendar days into the local day's bounds, the last day included", () => {
    const query = auditQueryFromFilters({ fromDate: "2026-11-01", toDate: "2026-11-20", action: "admin.user_create", actorId: 3 });
    expect(query.actorId).toBe(3);
    expect(query.action).toBe("admin.user_create");
    expect(new Date(query.from!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(query.to!).getTime()).toBe(new Date(2026, 10, 21).getTime());
  });

  it("sends nothing for empty filters", () => {
    expect(auditQueryFromFilters({})).toEqual({});
  });
});

describe("auditCsvHref", () => {
  it("links the CSV with the same filters as the page", () => {
    expect(auditCsvHref({})).toBe("/api/admin/audit-log.csv");
    const href = new URL(auditCsvHref({ action: "auth.", actorId: 2, fromDate: "2026-11-01" }), "http://clinic.example");
    expect(href.pathname).toBe("/api/admin/audit-log.csv");
    expect(href.searchParams.get("action")).toBe("auth.");
    expect(href.searchParams.get("actorId")).toBe("2");
    expect(new Date(href.searchParams.get("from")!).getTime()).toBe(new Date(2026, 10, 1).getTime());
  });
});

describe("dateRangeProblem", () => {
  it("objects to a range that ends before it starts", () => {
    expect(dateRangeProblem({ fromDate: "2026-11-20", toDate: "2026-11-01" })).toBe("The first day comes after the last day.");
    expect(dateRangeProblem({ fromDate: "2026-11-01", toDate: "2026-11-01" })).toBeNull();
  });
});
