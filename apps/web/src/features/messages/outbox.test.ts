import type { Message } from "@halcyon/domain/schemas";
import { describe, expect, it } from "vitest";

import { failedWithContent, newClientId, outboxReducer, pendingFor, type Outbox } from "./outbox";

const draft = (clientId: string, overrides: { receiverId?: number; senderId?: number; content?: string } = {}) => ({
  clientId,
  senderId: 1,
  receiverId: 2,
  content: "See you on Thursday",
  createdAt: "2026-01-15T10:00:00.000Z",
  ...overrides,
});
const delivered = (clientId: string | null): Message => ({
  id: 9,
  senderId: 1,
  receiverId: 2,
  content: "See you on Thursday",
  clientId,
  createdAt: "2026-01-15T10:00:01.000Z",
  readAt: null,
});

describe("outboxReducer", () => {
  it("follows a message from sending to failed, back to sending, then delivered", () => {
    let outbox: Outbox = [];
    outbox = outboxReducer(outbox, { type: "queued", message: draft("c-1") });
    expect(outbox).toMatchObject([{ clientId: "c-1", status: "sending" }]);
    outbox = outboxReducer(outbox, { type: "failed", clientId: "c-1" });
    expect(outbox).toMatchObject([{ status: "failed" }]);
    outbox = outboxReducer(outbox, { type: "retrying", clientId: "c-1" });
    expect(outbox).toMatchObject([{ clientId: "c-1", status: "sending" }]);
    outbox = outboxReducer(outbox, { type: "delivered", clientIds: ["c-1"] });
    expect(outbox).toEqual([]);
  });

  it("never holds one clientId twice", () => {
    const once = outboxReducer([], { type: "queued", message: draft("c-1") });
    expect(outboxReducer(once, { type: "queued", message: draft("c-1") })).toBe(once);
  });

  it("leaves the outbox untouched when nothing it holds was delivered", () => {
    const outbox = outboxReducer([], { type: "queued", message: draft("c-1") });
    expect(outboxReducer(outbox, { type: "delivered", clientIds: ["other"] })).toBe(outbox);
  });
});

describe("pendingFor", () => {
  const outbox = [
    { ...draft("mine"), status: "sending" as const },
    { ...draft("to-someone-else", { receiverId: 3 }), status: "sending" as const },
    { ...draft("another-sender", { senderId: 4 }), status: "failed" as const },
    { ...draft("arrived-anyway"), status: "failed" as const },
  ];

  it("shows this conversation's own messages that have not arrived, and hides those that have", () => {
    const pending = pendingFor(outbox, { senderId: 1, partnerId: 2 }, [delivered("arrived-anyway"), delivered(null)]);
    expect(pending.map((entry) => entry.clientId)).toEqual(["mine"]);
  });
});

describe("failedWithContent", () => {
  it("finds the failed message a re-sent text belongs to", () => {
    const pending = [
      { ...draft("sending"), status: "sending" as const },
      { ...draft("failed"), status: "failed" as const },
    ];
    expect(failedWithContent(pending, "See you on Thursday")?.clientId).toBe("failed");
    expect(failedWithContent(pending, "Something else")).toBeUndefined();
  });
});

describe("newClientId", () => {
  it("is what the server accepts as a clientId, and new every time", () => {
    const id = newClientId();
    expect(id).toMatch(/^[\w-]{8,64}$/);
    expect(newClientId()).not.toBe(id);
  });
});

describe("newClientId without randomUUID (plain http)", () => {
  it("still makes a valid, random id", () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const id = newClientId();
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(newClientId()).not.toBe(id);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true });
    }
  });
});
