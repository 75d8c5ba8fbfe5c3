import { describe, expect, it } from "vitest";

import { isVisitOpen, visitOpensAt } from "./visit-window";

const session = { status: "scheduled" as const, startTime: "2026-03-02T15:00:00.000Z", endTime: "2026-03-02T16:00:00.000Z" };
const at = (iso: string) => new Date(iso);

describe("a session's video room, as the pages show the way in", () => {
  it("opens a quarter of an hour before the start and closes half an hour after the end", () => {
    expect(visitOpensAt(session).toISOString()).toBe("2026-03-02T14:45:00.000Z");
    expect(isVisitOpen(session, at("2026-03-02T14:44:59.000Z"))).toBe(false);
    expect(isVisitOpen(session, at("2026-03-02T14:45:00.000Z"))).toBe(true);
    expect(isVisitOpen(session, at("2026-03-02T16:29:59.000Z"))).toBe(true);
    expect(isVisitOpen(session, at("2026-03-02T16:30:00.000Z"))).toBe(false);
  });

  it("has no room for a session that was cancelled or is complete", () => {
    expect(isVisitOpen({ ...session, status: "cancelled" }, at("2026-03-02T15:10:00.000Z"))).toBe(false);
    expect(isVisitOpen({ ...session, status: "completed" }, at("2026-03-02T15:10:00.000Z"))).toBe(false);
  });
});
