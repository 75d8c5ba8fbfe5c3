import { beforeEach, describe, expect, it, vi } from "vitest";

const { unlockMessaging } = vi.hoisted(() => ({ unlockMessaging: vi.fn() }));
vi.mock("./unlock", () => ({ unlockMessaging }));

import { unlockMessagingAfterSignIn } from "./after-sign-in";

const unlock = { sealKey: new Uint8Array(32).fill(7), password: "quiet harbour lanterns" };
const member = { id: 7, role: "doctor" as const, mustChangePassword: false, twoStepSetupRequired: false };

describe("opening the messaging key after a sign-in", () => {
  beforeEach(() => {
    unlockMessaging.mockReset();
    unlockMessaging.mockResolvedValue({ status: "unlocked" });
  });

  it("opens it with what the password just typed gives", async () => {
    unlockMessagingAfterSignIn(member, unlock);
    await vi.waitFor(() => expect(unlockMessaging).toHaveBeenCalledWith(7, unlock));
  });

  it("waits while the member may do nothing else: a one-time password, or two-step sign-in to set up first, and never for an admin", async () => {
    unlockMessagingAfterSignIn({ ...member, mustChangePassword: true }, unlock);
    unlockMessagingAfterSignIn({ ...member, twoStepSetupRequired: true }, unlock);
    unlockMessagingAfterSignIn({ ...member, role: "admin" }, unlock);
    // A moment for any import that should not have happened.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unlockMessaging).not.toHaveBeenCalled();
  });
});
