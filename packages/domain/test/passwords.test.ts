import { describe, expect, it } from "vitest";
import { assertAcceptablePassword, hashPassword, isCommonPassword, verifyPassword } from "../src/auth/passwords";

describe("passwords", () => {
  it("hashes with argon2id at OWASP's parameters and verifies", async () => {
    const hash = await hashPassword("a calm blue harbour");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "a calm blue harbour")).toBe(true);
    expect(await verifyPassword(hash, "a calm blue harbor")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
  });

  it("knows the most common passwords, whatever their case", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("Qwerty123")).toBe(true);
    expect(isCommonPassword("quiet-harbour-42")).toBe(false);
  });

  it("refuses common passwords and ones containing the username, with a reason", () => {
    expect(() => assertAcceptablePassword("iloveyou", "sam")).toThrow(/most common/);
    expect(() => assertAcceptablePassword("morgan-rules-2026", "morgan")).toThrow(/username/);
    expect(() => assertAcceptablePassword("quiet-harbour-42", "morgan")).not.toThrow();
  });
});
