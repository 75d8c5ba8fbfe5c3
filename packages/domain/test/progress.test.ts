import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { averageRating, excerpt, progressChart, recentNotes } from "../src/progress/progress";

const session = (progressRating: number, day: number, sessionNotes = `Notes of day ${day}`) => ({
  progressRating,
  sessionNotes,
  createdAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
});

const arbitrarySessions = fc.array(
  fc.record({
    progressRating: fc.integer({ min: 0, max: 10 }),
    sessionNotes: fc.string({ maxLength: 200 }),
    createdAt: fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }).map((ms) => new Date(ms).toISOString()),
  }),
  { maxLength: 40 },
);

describe("the progress chart", () => {
  it("uses rated sessions only, in creation order, the last ten", () => {
    const sessions = [session(0, 1), ...Array.from({ length: 12 }, (_, i) => session((i % 10) + 1, 20 - i))];
    const chart = progressChart(sessions);
    expect(chart.bars).toHaveLength(10);
    expect(chart.bars.map((bar) => bar.createdAt)).toEqual([...chart.bars.map((bar) => bar.createdAt)].sort());
    expect(chart.bars.every((bar) => bar.rating > 0)).toBe(true);
  });

  it("averages to one decimal and signs the trend", () => {
    const chart = progressChart([session(4, 1), session(5, 2), session(7, 3)]);
    expect(chart.average).toBe(5.3);
    expect(chart.trend).toBe(3);
    expect(chart.trendLabel).toBe("+3");
    expect(progressChart([session(6, 1), session(4, 2)]).trendLabel).toBe("-2");
    expect(progressChart([session(5, 1)]).trendLabel).toBe("0");
  });

  it("scales bars to 10 and cuts tooltip notes to 50 characters", () => {
    const chart = progressChart([session(7, 1, "x".repeat(80))]);
    expect(chart.bars[0]?.heightPercent).toBe(70);
    expect(chart.bars[0]?.noteExcerpt).toBe(`${"x".repeat(50)}…`);
  });

  it("gives the four insights under their conditions", () => {
    expect(progressChart([session(3, 1), session(6, 2)]).insights).toEqual(["Your session ratings have risen by 3 points — real, steady improvement."]);
    expect(progressChart([session(6, 1), session(3, 2)]).insights.join(" ")).toContain("consider discussing recent challenges with your therapist");
    // The ratings are the therapist's: the patient is never told they gave them.
    expect(progressChart([session(8, 1), session(9, 2)]).insights).toEqual([
      "Your session ratings have risen by 1 point — real, steady improvement.",
      "Excellent progress: your sessions are consistently rated highly.",
    ]);
    expect(progressChart([1, 2, 3, 4, 5].map((d) => session(5, d))).insights).toEqual([
      "Wonderful consistency: 5 rated sessions show your commitment to your wellbeing.",
    ]);
    expect(progressChart([session(5, 1), session(5, 2)]).insights).toEqual([]);
  });

  it("speaks to the doctor about the patient when given the patient's name", () => {
    expect(progressChart([session(3, 1), session(6, 2)], "Alex").insights).toEqual([
      "Alex's session ratings have risen by 3 points — real, steady improvement.",
    ]);
    const insights = [
      ...progressChart([session(6, 1), session(3, 2)], "Alex").insights,
      ...progressChart(
        [1, 2, 3, 4, 5].map((d) => session(9, d)),
        "Alex",
      ).insights,
    ];
    expect(insights.join(" ")).not.toMatch(/\byour?\b/i);
    expect(insights.join(" ")).toContain("Alex's commitment to their wellbeing");
  });

  it("has nothing to chart without rated sessions", () => {
    expect(progressChart([session(0, 1)])).toMatchObject({ bars: [], average: null });
    expect(averageRating([])).toBeNull();
  });

  it("holds its rules for any sessions", () => {
    fc.assert(
      fc.property(arbitrarySessions, (sessions) => {
        const chart = progressChart(sessions);
        const rated = sessions.filter((s) => s.progressRating > 0);
        expect(chart.bars.length).toBe(Math.min(10, rated.length));
        for (const bar of chart.bars) {
          expect(bar.heightPercent).toBeGreaterThan(0);
          expect(bar.heightPercent).toBeLessThanOrEqual(100);
          expect(Array.from(bar.noteExcerpt).length).toBeLessThanOrEqual(51);
        }
        if (chart.average !== null) {
          expect(chart.average).toBeGreaterThanOrEqual(1);
          expect(chart.average).toBeLessThanOrEqual(10);
          expect(Math.round(chart.average * 10)).toBeCloseTo(chart.average * 10, 6);
          expect(chart.trend).toBe((chart.bars.at(-1)?.rating ?? 0) - (chart.bars[0]?.rating ?? 0));
        }
      }),
    );
  });
});

describe("recent activity", () => {
  it("shows the latest three notes, newest first, cut to 100 characters", () => {
    const notes = recentNotes([session(5, 1), session(6, 3, "y".repeat(150)), session(7, 2), session(8, 4)]);
    expect(notes.map((n) => n.progressRating)).toEqual([8, 6, 7]);
    expect(notes[1]?.noteExcerpt).toBe(`${"y".repeat(100)}…`);
  });

  it("rounds the dashboard average to a whole number", () => {
    expect(averageRating([session(7, 1), session(8, 2)])).toBe(8);
    expect(excerpt("  short  ", 100)).toBe("short");
  });
});
