import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";

import { readAgain } from "./read-again";

/** An unread count on a screen; its first read looks at the database, then waits to answer until let. */
function unreadCountOnScreen({ holdFirstAnswer }: { holdFirstAnswer: boolean }) {
  const client = new QueryClient();
  const queryKey = ["unread"];
  const database = { unread: 0 };
  let hold = holdFirstAnswer;
  let answerFirst = () => {};
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: async () => {
      const seen = database.unread;
      if (hold) {
        hold = false;
        await new Promise<void>((answer) => (answerFirst = answer));
      }
      return seen;
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  const readAgainNow = () => readAgain(client, queryKey);
  return { database, readAgainNow, answerFirst: () => answerFirst(), shown: () => observer.getCurrentResult().data, unsubscribe };
}

describe("readAgain", () => {
  it("shows a change announced while the first read was under way, though that read saw none", async () => {
    const screen = unreadCountOnScreen({ holdFirstAnswer: true });
    // The first read has looked (0); the message lands and its push arrives before the answer.
    screen.database.unread = 1;
    const reading = screen.readAgainNow();
    screen.answerFirst();
    await reading;
    expect(screen.shown()).toBe(1);
    screen.unsubscribe();
  });

  it("reads again a read that already has an answer", async () => {
    const screen = unreadCountOnScreen({ holdFirstAnswer: false });
    await vi.waitFor(() => expect(screen.shown()).toBe(0));
    screen.database.unread = 2;
    await screen.readAgainNow();
    expect(screen.shown()).toBe(2);
    screen.unsubscribe();
  });
});
