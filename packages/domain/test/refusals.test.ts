import type { AuditEvent } from "@halcyon/db";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RefusalLog, REFUSAL_WINDOW_MS, type RefusalKind } from "../src/audit/refusals";

function aLog() {
  let clock = Date.parse("2026-11-24T12:00:00.000Z");
  const rows: AuditEvent[] = [];
  const log = new RefusalLog({
    audit: { record: async (event) => void rows.push(event), recordIn: async () => {} },
    now: () => new Date(clock),
  });
  const refuse = (ip: string, kind: RefusalKind = "cross_site") => log.record({ kind, request: { ip, userAgent: null } });
  return { log, rows, refuse, at: (ms: number) => (clock = Date.parse("2026-11-24T12:00:00.000Z") + ms) };
}

describe("RefusalLog", () => {
  it("writes a source's first refusal at once and the rest of its minute as one row with their count", async () => {
    const { log, rows, refuse, at } = aLog();
    for (let i = 0; i < 50; i += 1) await refuse("10.0.0.1");
    await refuse("10.0.0.2");
    await refuse("10.0.0.1", "invalid_session");
    expect(rows.map((row) => [row.ip, row.details])).toEqual([
      ["10.0.0.1", { reason: "cross_site", count: 1 }],
      ["10.0.0.2", { reason: "cross_site", count: 1 }],
      ["10.0.0.1", { reason: "invalid_session", count: 1 }],
    ]);
    at(REFUSAL_WINDOW_MS - 1);
    await log.sweep();
    expect(rows).toHaveLength(3);
    at(REFUSAL_WINDOW_MS);
    await log.sweep();
    expect(rows.slice(3).map((row) => row.details)).toEqual([{ reason: "cross_site", count: 49, since: "2026-11-24T12:00:00.000Z" }]);
    expect(rows.every((row) => row.action === "access.denied" && row.outcome === "denied" && row.actorId === null)).toBe(true);
  });

  it("counts every refusal exactly once and writes at most one row per source a minute, however they come", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 0, max: 600_000 }), fc.constantFrom("a", "b")), { maxLength: 80 }), async (events) => {
        const { log, rows, refuse, at } = aLog();
        const sorted = [...events].sort(([x], [y]) => x - y);
        for (const [ms, ip] of sorted) {
          at(ms);
          await refuse(ip);
          if (ms % 7 === 0) await log.sweep();
        }
        const writtenBeforeFlush = rows.map((row) => ({ ip: row.ip, at: Date.parse(row.occurredAt) }));
        await log.flush();
        const counted = (ip: string) => rows.filter((row) => row.ip === ip).reduce((sum, row) => sum + Number(row.details?.count), 0);
        for (const ip of ["a", "b"]) {
          expect(counted(ip)).toBe(sorted.filter(([, who]) => who === ip).length);
          const times = writtenBeforeFlush.filter((row) => row.ip === ip).map((row) => row.at);
          for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(REFUSAL_WINDOW_MS);
        }
      }),
    );
  });
});
