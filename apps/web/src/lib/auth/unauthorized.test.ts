import { TRPCClientError } from "@trpc/client";
import { afterEach, describe, expect, it, vi } from "vitest";

import { isUnauthorizedError, redirectToSignIn } from "./unauthorized";

const { toast, navigateFullPage, drawToast } = vi.hoisted(() => {
  let drawToast = () => {};
  const shown = new Promise<void>((resolve) => (drawToast = resolve));
  return { toast: vi.fn(() => ({ shown })), navigateFullPage: vi.fn(), drawToast: () => drawToast() };
});
vi.mock("@halcyon/ui/hooks/use-toast", () => ({ toast }));
vi.mock("../navigation", () => ({ SERVER_LOGIN_PATH: "/api/login", navigateFullPage }));
vi.mock("../toaster", () => ({ loadToaster: () => Promise.resolve({}) }));

const clientError = (code: string) => TRPCClientError.from({ error: { code: -32001, message: "Unauthorized", data: { code, httpStatus: 401 } } });

describe("isUnauthorizedError", () => {
  it("recognises the server's UNAUTHORIZED refusal", () => {
    expect(isUnauthorizedError(clientError("UNAUTHORIZED"))).toBe(true);
  });

  it("leaves every other failure alone", () => {
    expect(isUnauthorizedError(clientError("FORBIDDEN"))).toBe(false);
    expect(isUnauthorizedError(new TRPCClientError("Failed to fetch"))).toBe(false);
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(false);
    expect(isUnauthorizedError(null)).toBe(false);
  });
});

describe("redirectToSignIn", () => {
  afterEach(() => vi.useRealTimers());

  it("toasts once and leaves for /api/login 500 ms after the toast is on screen, however often it is asked", async () => {
    vi.useFakeTimers();
    redirectToSignIn();
    redirectToSignIn();
    expect(toast).toHaveBeenCalledOnce();
    expect(toast).toHaveBeenCalledWith({
      variant: "destructive",
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
    });

    // A busy page takes its time to draw the toast; the 500 ms start when it is there to read.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(navigateFullPage).not.toHaveBeenCalled();
    drawToast();
    await vi.advanceTimersByTimeAsync(499);
    expect(navigateFullPage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(navigateFullPage).toHaveBeenCalledExactlyOnceWith("/api/login");
  });
});
