import { describe, expect, it, vi } from "vitest";

import { isSessionRotating, rotateSession } from "./session-rotation";

describe("rotateSession", () => {
  it("replaces the session, confirms it, and says it is rotating only meanwhile", async () => {
    const seen: boolean[] = [];
    const user = await rotateSession({
      replace: async () => {
        seen.push(isSessionRotating());
        return { id: 1 };
      },
      whoAmI: async () => ({ id: 1, confirmed: true }),
      signInAgain: vi.fn(),
      settleMs: 0,
    });
    expect(user).toEqual({ id: 1, confirmed: true });
    expect(seen).toEqual([true]);
    expect(isSessionRotating()).toBe(false);
  });

  it("signs in again when a stray refusal wiped the new cookie", async () => {
    const whoAmI = vi.fn().mockResolvedValueOnce(null).mockResolvedValueOnce({ id: 1, again: true });
    const signInAgain = vi.fn().mockResolvedValue({ id: 1 });
    const user = await rotateSession({ replace: async () => ({ id: 1 }), whoAmI, signInAgain, settleMs: 0 });
    expect(signInAgain).toHaveBeenCalledOnce();
    expect(user).toEqual({ id: 1, again: true });
  });

  it("ends the rotation when the change itself fails", async () => {
    await expect(
      rotateSession({ replace: async () => Promise.reject(new Error("Your current password is not right.")), whoAmI: vi.fn(), signInAgain: vi.fn(), settleMs: 0 }),
    ).rejects.toThrow("not right");
    expect(isSessionRotating()).toBe(false);
  });
});
