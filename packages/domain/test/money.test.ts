// Money arithmetic and formatting: exact to the minor unit, whatever the amount.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMoney, parseMoney, percentOf } from "../src/billing/money";

describe("percentage fees", () => {
  it("round down to the cent, in the patient's favour, and never lose a cent: the fee and the part not charged make the whole fee", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Math.floor(Number.MAX_SAFE_INTEGER / 100) }), fc.integer({ min: 0, max: 100 }), (fee, percent) => {
        const charged = percentOf(fee, percent);
        const forgone = percentOf(fee, 100 - percent);
        expect(Number.isSafeInteger(charged)).toBe(true);
        // At most the stated share (exactly, in integers: charged * 100 <= fee * percent < (charged + 1) * 100).
        expect(BigInt(charged) * 100n <= BigInt(fee) * BigInt(percent)).toBe(true);
        expect(BigInt(fee) * BigInt(percent) < (BigInt(charged) + 1n) * 100n).toBe(true);
        // Charged and forgone shares never add up to more than the fee, and miss it by less than a cent each.
        expect(charged + forgone).toBeLessThanOrEqual(fee);
        expect(fee - (charged + forgone)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("are exact at the edges", () => {
    expect(percentOf(15_000, 100)).toBe(15_000);
    expect(percentOf(15_000, 50)).toBe(7_500);
    expect(percentOf(15_001, 50)).toBe(7_500);
    expect(percentOf(999, 33)).toBe(329);
    expect(percentOf(12_345, 0)).toBe(0);
    expect(() => percentOf(100, 101)).toThrow(RangeError);
    expect(() => percentOf(-1, 50)).toThrow(RangeError);
  });
});

describe("formatMoney", () => {
  it("writes amounts as the currency does", () => {
    expect(formatMoney(123_450, "USD")).toBe("$1,234.50");
    expect(formatMoney(-500, "USD")).toBe("-$5.00");
    expect(formatMoney(7, "USD")).toBe("$0.07");
    expect(formatMoney(0, "USD")).toBe("$0.00");
    expect(formatMoney(1_500, "JPY")).toBe("¥1,500");
    expect(formatMoney(12_000, "EUR")).toBe("€120.00");
  });

  it("shows every cent it is given and reads back to the same amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (minor) => {
        expect(parseMoney(formatMoney(minor, "USD").replace("$", ""), "USD")).toBe(minor);
      }),
    );
  });

  it("refuses amounts with more digits than the currency has", () => {
    expect(parseMoney("12.345", "USD")).toBeNull();
    expect(parseMoney("12.5", "JPY")).toBeNull();
    expect(parseMoney("abc", "USD")).toBeNull();
    expect(parseMoney("120.5", "USD")).toBe(12_050);
  });
});
