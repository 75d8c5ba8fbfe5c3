import { describe, expect, it } from "vitest";

import { dialNumberOf } from "./crisis-resources";

describe("the number a crisis resource is dialled on", () => {
  it("is read from the words the clinic wrote", () => {
    expect(dialNumberOf("Call or text 988")).toBe("988");
    expect(dialNumberOf("Call 911")).toBe("911");
    expect(dialNumberOf("Call 116 123")).toBe("116123");
    expect(dialNumberOf("+44 800 689 5652")).toBe("+448006895652");
    expect(dialNumberOf("Text HOME to 741741")).toBe("741741");
    expect(dialNumberOf("Go to your nearest emergency department")).toBeNull();
  });
});
