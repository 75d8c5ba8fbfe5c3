import { describe, expect, it } from "vitest";

import { markToastsShown, toast, TOAST_LIMIT, toastReducer, type ToasterToast } from "./use-toast";

const make = (id: string): ToasterToast => ({ id, title: `Toast ${id}`, open: true });

describe("toastReducer", () => {
  it("keeps only the newest toast on screen", () => {
    const first = toastReducer({ toasts: [] }, { type: "add", toast: make("1") });
    const second = toastReducer(first, { type: "add", toast: make("2") });
    expect(TOAST_LIMIT).toBe(1);
    expect(second.toasts.map((toast) => toast.id)).toEqual(["2"]);
  });

  it("updates only the toast it names", () => {
    const state = toastReducer({ toasts: [make("1")] }, { type: "update", toast: { id: "1", title: "Changed" } });
    expect(state.toasts[0]?.title).toBe("Changed");
    expect(toastReducer(state, { type: "update", toast: { id: "9", title: "Ignored" } })).toEqual(state);
  });

  it("closes a dismissed toast but keeps it mounted for its exit", () => {
    const state = toastReducer({ toasts: [make("1")] }, { type: "dismiss", toastId: "1" });
    expect(state.toasts).toEqual([{ ...make("1"), open: false }]);
  });

  it("dismisses every toast when none is named", () => {
    const state = toastReducer({ toasts: [make("1")] }, { type: "dismiss" });
    expect(state.toasts.every((toast) => toast.open === false)).toBe(true);
  });

  it("removes one toast, or all", () => {
    expect(toastReducer({ toasts: [make("1")] }, { type: "remove", toastId: "1" }).toasts).toEqual([]);
    expect(toastReducer({ toasts: [make("1")] }, { type: "remove" }).toasts).toEqual([]);
  });
});

describe("toast().shown", () => {
  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return done;
  };

  it("settles once a Toaster has drawn the toast, not before", async () => {
    const { id, shown } = toast({ title: "Saved" });
    expect(await settled(shown)).toBe(false);
    markToastsShown([id]);
    expect(await settled(shown)).toBe(true);
  });

  it("settles when the toast is replaced before it was drawn", async () => {
    const first = toast({ title: "First" });
    toast({ title: "Second" });
    expect(await settled(first.shown)).toBe(true);
  });
});
