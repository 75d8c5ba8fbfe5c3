import { describe, expect, it } from "vitest";

import { keyChangeOf, rememberPartnerKey } from "./partner-keys";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
}

describe("a partner's key, as this browser saw it", () => {
  it("is new at first, the same while it stays, changed when another appears, per member and partner", () => {
    const storage = memoryStorage();
    expect(keyChangeOf(1, 2, "key-a", storage)).toBe("first");
    rememberPartnerKey(1, 2, "key-a", storage);
    expect(keyChangeOf(1, 2, "key-a", storage)).toBe("same");
    expect(keyChangeOf(1, 2, "key-b", storage)).toBe("changed");
    expect(keyChangeOf(3, 2, "key-b", storage)).toBe("first");
    rememberPartnerKey(1, 2, "key-b", storage);
    expect(keyChangeOf(1, 2, "key-b", storage)).toBe("same");
  });
});
