// Our authenticator codes against RFC 6238 Appendix B (SHA-1): the secret is the 20 ASCII bytes
// "12345678901234567890", the step 30 seconds. The RFC prints 8-digit codes; we use 6 digits, which
// are the same truncated value taken mod 10^6, so the last 6 digits of each. The clock is always
// passed in, never read, so the windows below are exact.
import { describe, expect, it } from "vitest";
import { acceptedTimeStep, newTotpSecret, totpCodeAt, totpUri } from "../src/two-step/totp";

/** "12345678901234567890" in Base32, the form authenticator apps (and our secrets) use. */
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
const STEP_SECONDS = 30;

const at = (seconds: number) => new Date(seconds * 1000);

// [Unix time in seconds, the RFC's 8-digit SHA-1 code]
const RFC_6238_SHA1: [number, string][] = [
  [59, "94287082"],
  [1111111109, "07081804"],
  [1111111111, "14050471"],
  [1234567890, "89005924"],
  [2000000000, "69279037"],
  [20000000000, "65353130"],
];

describe("TOTP against RFC 6238's SHA-1 vectors", () => {
  it("has the RFC's secret in Base32", () => {
    expect(Buffer.from("12345678901234567890", "ascii").toString("hex")).toBe("3132333435363738393031323334353637383930");
    // What a member's phone is given: the secret, SHA-1, 6 digits, 30 seconds (the defaults, stated or implied).
    const uri = new URL(totpUri(RFC_SECRET, { issuer: "Halcyon", account: "morgan" }));
    expect(uri.searchParams.get("secret")).toBe(RFC_SECRET);
    expect(uri.searchParams.get("algorithm") ?? "SHA1").toBe("SHA1");
    expect(uri.searchParams.get("digits") ?? "6").toBe("6");
    expect(uri.searchParams.get("period") ?? "30").toBe("30");
  });

  it.each(RFC_6238_SHA1)("at %i s shows the last 6 digits of %s", async (seconds, rfcCode) => {
    const code = await totpCodeAt(RFC_SECRET, at(seconds));
    expect(code).toBe(rfcCode.slice(-6));
  });

  it.each(RFC_6238_SHA1)("at %i s accepts the last 6 digits of %s, for its own time step", async (seconds, rfcCode) => {
    const step = Math.floor(seconds / STEP_SECONDS);
    expect(await acceptedTimeStep(RFC_SECRET, rfcCode.slice(-6), at(seconds), null)).toBe(step);
  });

  it("refuses the RFC's 8-digit codes, and anything but 6 digits", async () => {
    const now = at(1111111109);
    for (const code of ["07081804", "7081804", "81804", "081 804", "O81804", "", " 081804"]) {
      expect(await acceptedTimeStep(RFC_SECRET, code, now, null), JSON.stringify(code)).toBeUndefined();
    }
  });

  it("depends on the secret: a code of another secret is refused, and new secrets are 20 random bytes", async () => {
    const other = newTotpSecret();
    expect(other).toMatch(/^[A-Z2-7]{32}$/);
    expect(other).not.toBe(newTotpSecret());
    // "abcdefghijklmnopqrst" in Base32: at 1234567890 it shows another code than the RFC secret's 005924.
    const fixed = "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U";
    const now = at(1234567890);
    const code = await totpCodeAt(fixed, now);
    expect(code).toMatch(/^\d{6}$/);
    expect(code).not.toBe("005924");
    expect(await acceptedTimeStep(fixed, code, now, null)).toBe(Math.floor(1234567890 / STEP_SECONDS));
    expect(await acceptedTimeStep(RFC_SECRET, code, now, null)).toBeUndefined();
  });
});

describe("TOTP time window (one step of drift either side, with an injected clock)", () => {
  // Step 37037036 runs from 1111111080 to 1111111109 inclusive; 1111111109 is its last second.
  const STEP = 37037036;
  const stepStart = STEP * STEP_SECONDS;
  const codeOfStep = (step: number) => totpCodeAt(RFC_SECRET, at(step * STEP_SECONDS));

  it("knows which step the RFC's second vector is in", async () => {
    expect(stepStart).toBe(1111111080);
    // 1111111109 and 1111111111 straddle a step boundary, which is why the RFC lists both.
    expect(await codeOfStep(STEP)).toBe("081804");
    expect(await codeOfStep(STEP + 1)).toBe("050471");
  });

  it("accepts a code throughout its own step, from the first second to the last", async () => {
    const code = await codeOfStep(STEP);
    for (const seconds of [stepStart, stepStart + 15, stepStart + 29]) {
      expect(await acceptedTimeStep(RFC_SECRET, code, at(seconds), null), `at ${seconds}`).toBe(STEP);
    }
  });

  it("accepts a code one step late (the phone behind) and one step early (the phone ahead)", async () => {
    const code = await codeOfStep(STEP);
    // The server already in the next step, at its first and last second.
    expect(await acceptedTimeStep(RFC_SECRET, code, at(stepStart + 30), null)).toBe(STEP);
    expect(await acceptedTimeStep(RFC_SECRET, code, at(stepStart + 59), null)).toBe(STEP);
    // The server still in the step before, at its first and last second.
    expect(await acceptedTimeStep(RFC_SECRET, code, at(stepStart - 30), null)).toBe(STEP);
    expect(await acceptedTimeStep(RFC_SECRET, code, at(stepStart - 1), null)).toBe(STEP);
  });

  it("refuses a code two steps away, either side", async () => {
    const code = await codeOfStep(STEP);
    // Two steps later: from the first second of step + 2.
    expect(await acceptedTimeStep(RFC_SECRET, code, at(stepStart + 60), null)).toBeUndefined();
    expect(await acceptedTimeStep(RFC_SECRET, code, at(stepStart + 89), null)).toBeUndefined();
    // Two steps earlier: up to the last second of step - 2.
    expect(await acceptedTimeStep(RFC_SECRET, code, at(stepStart - 31), null)).toBeUndefined();
    expect(await acceptedTimeStep(RFC_SECRET, code, at(stepStart - 60), null)).toBeUndefined();
  });

  it("answers the step the code belongs to, not the server's step, so a replay can be told apart", async () => {
    const now = at(stepStart + 10);
    expect(await acceptedTimeStep(RFC_SECRET, await codeOfStep(STEP - 1), now, null)).toBe(STEP - 1);
    expect(await acceptedTimeStep(RFC_SECRET, await codeOfStep(STEP), now, null)).toBe(STEP);
    expect(await acceptedTimeStep(RFC_SECRET, await codeOfStep(STEP + 1), now, null)).toBe(STEP + 1);
  });

  it("refuses a code whose step is not newer than the last one accepted", async () => {
    const now = at(stepStart + 10);
    const code = await codeOfStep(STEP);
    expect(await acceptedTimeStep(RFC_SECRET, code, now, STEP - 1)).toBe(STEP);
    expect(await acceptedTimeStep(RFC_SECRET, code, now, STEP)).toBeUndefined();
    expect(await acceptedTimeStep(RFC_SECRET, await codeOfStep(STEP - 1), now, STEP)).toBeUndefined();
    // The next step's code (the phone a little ahead) is still newer, so still taken.
    expect(await acceptedTimeStep(RFC_SECRET, await codeOfStep(STEP + 1), now, STEP)).toBe(STEP + 1);
  });
});
