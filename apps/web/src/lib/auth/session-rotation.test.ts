import { describe, expect, it } from "vitest";

import { isSessionRotating, rotateSession } from "./session-rotation";

describe("rotateSession", () => {
  it("answers what the replacement answers and says it is rotating only meanwhile", async () => {
    const seen: boolean[] = [];
    const rotation = rotateSession(async () => {
      seen.push(isSessionRotating());
      return { id: 1 };
    }, 20);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Refusals of the old cookie still on their way land inside the settling pause.
    seen.push(isSessionRotating());
    expect(await rotation).toEqual({ id: 1 });
    expect(seen).toEqual([true, true]);
    expect(isSessionRotating()).toBe(false);
  });

  it("ends the rotation when the change itself fails", async () => {
    await expect(rotateSession(async () => Promise.reject(new Error("Your current password is not right.")), 0)).rejects.toThrow("not right");
    expect(isSessionRotating()).toBe(false);
  });
});
