import { TRPCClientError } from "@trpc/client";
import { beforeEach, describe, expect, it, vi } from "vitest";

import type * as CurrentUser from "../lib/auth/current-user";
import type * as Unauthorized from "../lib/auth/unauthorized";
import { createQueryClient } from "./query-client";

const { redirectToSignIn } = vi.hoisted(() => ({ redirectToSignIn: vi.fn() }));
vi.mock("../lib/auth/unauthorized", async (importActual) => ({
  ...(await importActual<typeof Unauthorized>()),
  redirectToSignIn,
}));

const { refreshCurrentUser } = vi.hoisted(() => ({ refreshCurrentUser: vi.fn(() => Promise.resolve()) }));
vi.mock("../lib/auth/current-user", async (importActual) => ({
  ...(await importActual<typeof CurrentUser>()),
  refreshCurrentUser,
}));

const refusal = (code: string) => TRPCClientError.from({ error: { code: -32001, message: code, data: { code } } });
const failingWith = (error: Error) => () => Promise.reject(error);

describe("createQueryClient", () => {
  beforeEach(() => {
    redirectToSignIn.mockClear();
    refreshCurrentUser.mockClear();
  });

  it("uses the specification's defaults", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: 5000, refetchInterval: false, refetchOnWindowFocus: false, retry: false });
    expect(mutations).toMatchObject({ retry: false });
  });

  it("sends the visitor to sign in when any read is refused as UNAUTHORIZED", async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ["any"], queryFn: failingWith(refusal("UNAUTHORIZED")) }).catch(() => {});
    expect(redirectToSignIn).toHaveBeenCalledOnce();
  });

  it("does the same for a write, unless the write expects that answer (signing in)", async () => {
    const client = createQueryClient();
    const run = (meta?: { unauthorizedIsExpected: boolean }) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: failingWith(refusal("UNAUTHORIZED")), meta })
        .execute(undefined)
        .catch(() => {});
    await run({ unauthorizedIsExpected: true });
    expect(redirectToSignIn).not.toHaveBeenCalled();
    await run();
    expect(redirectToSignIn).toHaveBeenCalledOnce();
  });

  it("leaves other failures to the code that made the call", async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ["any"], queryFn: failingWith(refusal("FORBIDDEN")) }).catch(() => {});
    expect(redirectToSignIn).not.toHaveBeenCalled();
    expect(refreshCurrentUser).not.toHaveBeenCalled();
  });

  it("reads the user again when a call is refused for want of two-step sign-in, so the set-up page takes over", async () => {
    const client = createQueryClient();
    const twoStepRequired = TRPCClientError.from({ error: { code: -32003, message: "set it up", data: { code: "FORBIDDEN", reason: "TWO_STEP_REQUIRED" } } });
    await client.fetchQuery({ queryKey: ["any"], queryFn: failingWith(twoStepRequired) }).catch(() => {});
    expect(refreshCurrentUser).toHaveBeenCalledOnce();
    expect(redirectToSignIn).not.toHaveBeenCalled();
  });
});
