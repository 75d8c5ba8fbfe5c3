import { describe, expect, it } from "vitest";

import { monogramOf } from "./monogram";

describe("monogramOf", () => {
  it("takes the first letter of each name", () => {
    expect(monogramOf("Alex", "Moreau")).toBe("AM");
    expect(monogramOf(" eleanor ", "whitfield")).toBe("EW");
  });

  it("copes with a missing name and letters outside ASCII", () => {
    expect(monogramOf("Émile", "")).toBe("É");
    expect(monogramOf("", "")).toBe("");
  });
});
