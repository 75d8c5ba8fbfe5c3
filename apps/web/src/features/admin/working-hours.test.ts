import { describe, expect, it } from "vitest";

import {
  addPeriod,
  copyDayTo,
  formatClock,
  periodsFromWeek,
  removePeriod,
  setDayOpen,
  summarizeWeek,
  updatePeriod,
  weekFromPeriods,
  weekProblems,
  type WorkingPeriod,
} from "./working-hours";

const weekdays9to5: WorkingPeriod[] = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "17:00" }));

describe("weekFromPeriods / periodsFromWeek", () => {
  it("round-trips the server's flat list, sorted by weekday and start", () => {
    const periods: WorkingPeriod[] = [
      { weekday: 3, start: "14:00", end: "18:00" },
      { weekday: 0, start: "10:00", end: "12:00" },
      { weekday: 3, start: "08:00", end: "12:00" },
    ];
    const week = weekFromPeriods(periods);
    expect(week[3]).toEqual([
      { start: "08:00", end: "12:00" },
      { start: "14:00", end: "18:00" },
    ]);
    expect(week[1]).toEqual([]);
    expect(periodsFromWeek(week)).toEqual([
      { weekday: 0, start: "10:00", end: "12:00" },
      { weekday: 3, start: "08:00", end: "12:00" },
      { weekday: 3, start: "14:00", end: "18:00" },
    ]);
  });
});

describe("editing a week", () => {
  it("opens a day with the hours of the nearest open day before it", () => {
    const week = setDayOpen(weekFromPeriods([{ weekday: 1, start: "08:30", end: "16:00" }]), 2, true);
    expect(week[2]).toEqual([{ start: "08:30", end: "16:00" }]);
  });

  it("opens a day with 9 to 5 when the whole week is closed, and closes it again", () => {
    const opened = setDayOpen(weekFromPeriods([]), 6, true);
    expect(opened[6]).toEqual([{ start: "09:00", end: "17:00" }]);
    expect(setDayOpen(opened, 6, false)[6]).toEqual([]);
  });

  it("leaves an open day's hours alone when it is opened again", () => {
    const week = weekFromPeriods([{ weekday: 4, start: "07:00", end: "11:00" }]);
    expect(setDayOpen(week, 4, true)).toBe(week);
  });

  it("adds an evening period after the last one, at most three a day", () => {
    let week = weekFromPeriods([{ weekday: 1, start: "09:00", end: "12:00" }]);
    week = addPeriod(week, 1);
    expect(week[1]).toEqual([
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "15:00" },
    ]);
    week = addPeriod(addPeriod(week, 1), 1);
    expect(week[1]).toHaveLength(3);
  });

  it("changes and removes one period without touching the others", () => {
    let week = weekFromPeriods([
      { weekday: 2, start: "09:00", end: "12:00" },
      { weekday: 2, start: "13:00", end: "17:00" },
    ]);
    week = updatePeriod(week, 2, 1, { end: "18:30" });
    expect(week[2]?.[1]).toEqual({ start: "13:00", end: "18:30" });
    week = removePeriod(week, 2, 0);
    expect(week[2]).toEqual([{ start: "13:00", end: "18:30" }]);
  });

  it("copies a day onto others", () => {
    const week = copyDayTo(weekFromPeriods([{ weekday: 1, start: "10:00", end: "15:00" }]), 1, [2, 3]);
    expect(week[2]).toEqual([{ start: "10:00", end: "15:00" }]);
    expect(week[3]).toEqual([{ start: "10:00", end: "15:00" }]);
    expect(week[4]).toEqual([]);
  });
});

describe("weekProblems", () => {
  it("accepts a sensible week", () => {
    expect(weekProblems(weekFromPeriods(weekdays9to5)).size).toBe(0);
  });

  it("names the day whose period ends before it starts, or overlaps another", () => {
    const backwards = weekFromPeriods([{ weekday: 2, start: "17:00", end: "09:00" }]);
    expect(weekProblems(backwards).get(2)).toBe("On Tuesday, each period must end after it starts.");
    const overlapping = weekFromPeriods([
      { weekday: 5, start: "09:00", end: "13:00" },
      { weekday: 5, start: "12:00", end: "16:00" },
    ]);
    expect(weekProblems(overlapping).get(5)).toBe("Friday's periods overlap.");
  });

  it("asks for times when one is blank", () => {
    expect(weekProblems(weekFromPeriods([{ weekday: 0, start: "", end: "12:00" }])).get(0)).toBe("Give Sunday's times as hours and minutes.");
  });
});

describe("formatClock", () => {
  it("reads like a person would say it", () => {
    expect(formatClock("09:00")).toBe("9 am");
    expect(formatClock("17:30")).toBe("5:30 pm");
    expect(formatClock("12:00")).toBe("noon");
    expect(formatClock("00:00")).toBe("midnight");
    expect(formatClock("24:00")).toBe("midnight");
    expect(formatClock("12:45")).toBe("12:45 pm");
  });
});

describe("summarizeWeek", () => {
  it("runs consecutive days with the same hours together, Monday first", () => {
    expect(summarizeWeek([...weekdays9to5, { weekday: 6, start: "10:00", end: "14:00" }])).toEqual(["Mon – Fri: 9 am – 5 pm", "Sat: 10 am – 2 pm"]);
  });

  it("lists split days in order and says so when the week is closed", () => {
    expect(
      summarizeWeek([
        { weekday: 0, start: "13:00", end: "17:00" },
        { weekday: 0, start: "08:00", end: "12:00" },
      ]),
    ).toEqual(["Sun: 8 am – noon, 1 pm – 5 pm"]);
    expect(summarizeWeek([])).toEqual(["Closed all week"]);
  });
});
