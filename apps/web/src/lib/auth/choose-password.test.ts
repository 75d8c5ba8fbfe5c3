import { describe, expect, it } from "vitest";

import { checkChosenPassword } from "./choose-password";

const good = { newPassword: "lanterns over the harbour", confirmPassword: "lanterns over the harbour" };

describe("checkChosenPassword", () => {
  it("passes a long new password typed twice, without the one-time password again", () => {
    expect(checkChosenPassword(good)).toEqual({ ok: true, input: { newPassword: good.newPassword } });
  });

  it("wants at least 12 characters, and the same thing twice", () => {
    expect(checkChosenPassword({ newPassword: "eleven-char", confirmPassword: "eleven-char" })).toEqual({
      ok: false,
      field: "newPassword",
      message: "Choose a password of at least 12 characters.",
    });
    expect(checkChosenPassword({ ...good, confirmPassword: "lanterns over the harbor" })).toEqual({
      ok: false,
      field: "confirmPassword",
      message: "The two new passwords do not match.",
    });
  });

  it("never trims: spaces are part of a password", () => {
    expect(checkChosenPassword({ ...good, confirmPassword: `${good.newPassword} ` })).toMatchObject({ field: "confirmPassword" });
  });
});
