import { describe, expect, it } from "vitest";

import { answersProblem, bandOf, INSTRUMENTS, isRemission, isResponse, needsSafetyAlert, scoreOf } from "../src/measures/instruments";

const { phq9, gad7 } = INSTRUMENTS;
/** Answers of `count` items adding up to `total` (3s first). */
const answersFor = (count: number, total: number) => Array.from({ length: count }, (_, index) => Math.max(0, Math.min(3, total - 3 * index)));

describe("PHQ-9 and GAD-7", () => {
  it("have their published items and four answers each", () => {
    expect(phq9.items).toHaveLength(9);
    expect(gad7.items).toHaveLength(7);
    expect(phq9.options.map((option) => option.label)).toEqual(["Not at all", "Several days", "More than half the days", "Nearly every day"]);
    expect(phq9.items[8]).toMatch(/better off dead/);
  });

  it("band PHQ-9 totals at every edge: 4/5, 9/10, 14/15, 19/20", () => {
    const bands = [0, 4, 5, 9, 10, 14, 15, 19, 20, 27].map((total) => [total, bandOf(phq9, scoreOf(answersFor(9, total)))]);
    expect(bands).toEqual([
      [0, "Minimal"],
      [4, "Minimal"],
      [5, "Mild"],
      [9, "Mild"],
      [10, "Moderate"],
      [14, "Moderate"],
      [15, "Moderately severe"],
      [19, "Moderately severe"],
      [20, "Severe"],
      [27, "Severe"],
    ]);
  });

  it("band GAD-7 totals at every edge: 4/5, 9/10, 14/15", () => {
    const bands = [4, 5, 9, 10, 14, 15, 21].map((total) => bandOf(gad7, scoreOf(answersFor(7, total))));
    expect(bands).toEqual(["Minimal", "Mild", "Mild", "Moderate", "Moderate", "Severe", "Severe"]);
  });

  it("name the item that is missing or wrong", () => {
    expect(answersProblem(phq9, answersFor(9, 10))).toBeNull();
    expect(answersProblem(phq9, [0, 1, 2])).toBe("PHQ-9 has 9 items: 3 answers were given.");
    expect(answersProblem(gad7, [0, 1, 2, 4, 0, 0, 0])).toBe("Item 4 of the GAD-7 (“Trouble relaxing”) takes 0, 1, 2 or 3.");
    expect(answersProblem(gad7, [0, 1, 2, 1.5, 0, 0, 0])).toMatch(/^Item 4 /);
    expect(answersProblem(gad7, [0, 1, 2, "1", 0, 0, 0])).toMatch(/^Item 4 /);
  });

  it("raise the safety alert on any answer above 0 to PHQ-9 item 9, whatever the total, and never for the GAD-7", () => {
    expect(needsSafetyAlert("phq9", [0, 0, 0, 0, 0, 0, 0, 0, 1])).toBe(true);
    expect(needsSafetyAlert("phq9", [3, 3, 3, 3, 3, 3, 3, 3, 0])).toBe(false);
    expect(needsSafetyAlert("phq9", [3, 3, 3, 3, 3, 3, 3, 3, 3])).toBe(true);
    expect(needsSafetyAlert("gad7", [3, 3, 3, 3, 3, 3, 3])).toBe(false);
  });

  it("count response as a fall of at least half from the first score, and remission as a latest score below 5", () => {
    expect(isResponse([18, 12, 9])).toBe(true);
    expect(isResponse([18, 10])).toBe(false);
    expect(isResponse([18])).toBe(false);
    expect(isResponse([0, 0])).toBe(false);
    expect(isRemission([18, 4])).toBe(true);
    expect(isRemission([18, 5])).toBe(false);
    expect(isRemission([])).toBe(false);
  });
});
