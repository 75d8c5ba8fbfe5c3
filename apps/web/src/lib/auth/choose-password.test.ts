import { describe, expect, it } from "vitest";

import { checkChosenPassword } from "./choose-password";

const good = { currentPassword: "Tk4-one-time", newPassword: "lanterns over the harbour", confirmPassword: "lanterns over the harbour" };

describe("checkChosenPassword", () => {
  it("passes a long new password typed twice", () => {
    expect(checkChosenPassword(good)).toEqual({ ok: true, input: { currentPassword: good.currentPassword, newPassword: good.newPassword } });
  });

  it("asks for the one-time password first", () => {
    expect(checkChosenPassword({ ...good, currentPassword: "" })).toMatchObject({ ok: false, field: "currentPassword" });
  });

  it("wants at least 8 characters, something new, and the same thing twice", () => {
    expect(checkChosenPassword({ ...good, newPassword: "short", confirmPassword: "short" })).toEqual({
      ok: false,
      field: "newPassword",
      message: "Choose a password of at least 8 characters.",
    });
    expect(checkChosenPassword({ ...good, newPassword: good.currentPassword, confirmPassword: good.currentPassword })).toMatchObject({ field: "newPassword" });
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
