import { describe, expect, it } from "vitest";
import { judgePassword, MIN_PASSWORD_SCORE } from "../src/auth/password-rules";
import { deriveSecrets } from "@halcyon/sealed";
import { assertAcceptablePassword, authKeyOf, hashSecret, verifySecret } from "../src/auth/passwords";

const morgan = { username: "amorgan", firstName: "Alexandra", lastName: "Morgan" };

describe("passwords", () => {
  it("hashes with argon2id at OWASP's parameters and verifies", async () => {
    const hash = await hashSecret("a calm blue harbour");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifySecret(hash, "a calm blue harbour")).toBe(true);
    expect(await verifySecret(hash, "a calm blue harbor")).toBe(false);
    expect(await verifySecret("not a hash", "anything")).toBe(false);
  });

  it("derives a plain password's sign-in secret exactly as the browser does", async () => {
    const kdf = { salt: "c2FsdHNhbHRzYWx0c2FsdA", memoryKiB: 8_192, iterations: 2, parallelism: 1 };
    const authKey = await authKeyOf("a calm blue harbour", kdf);
    expect(authKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authKey).toBe((await deriveSecrets("a calm blue harbour", kdf)).authKey);
  });
});

describe("password rules", () => {
  it("wants 12 characters at least and 128 at most, with no rule about which characters", () => {
    expect(judgePassword("tidal-moss-7", morgan).problem).toBe(null);
    expect(judgePassword("tidal-moss7", morgan).problem).toBe("Passwords need at least 12 characters.");
    expect(judgePassword("x".repeat(129), morgan).problem).toBe("Passwords can be at most 128 characters.");
    // No composition rules: lower-case words and spaces alone are fine when they are hard to guess.
    expect(judgePassword("lanterns over a quiet harbour", morgan).problem).toBe(null);
    expect(judgePassword("ünïcødé lanterns ☂ at dusk", morgan).problem).toBe(null);
  });

  it("refuses common and guessable passwords with a reason a person can act on", () => {
    for (const guessable of ["password1234", "qwertyuiop123", "aaaaaaaaaaaa", "123456789012"]) {
      const verdict = judgePassword(guessable, morgan);
      expect(verdict.score, guessable).toBeLessThan(MIN_PASSWORD_SCORE);
      expect(verdict.problem, guessable).toMatch(/\w.*\. \w/);
    }
    expect(judgePassword("password1234", morgan).problem).toMatch(/commonly used password/);
  });

  it("refuses a password holding the member's username or name, whatever its case", () => {
    expect(judgePassword("AMorgan-by-the-sea", morgan).problem).toBe("Your password must not contain your username.");
    expect(judgePassword("dear-alexandra-sea-42", morgan).problem).toBe("Your password must not contain your name.");
    expect(judgePassword("walks with MORGAN 1990", morgan).problem).toBe("Your password must not contain your name.");
  });

  it("is what the server enforces: a refusal is a 400 with the same reason", () => {
    expect(() => assertAcceptablePassword("password1234", morgan)).toThrow(/commonly used password/);
    expect(() => assertAcceptablePassword("quiet-harbour-42", morgan)).not.toThrow();
  });
});
