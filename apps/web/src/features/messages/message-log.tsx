import { Button } from "@halcyon/ui/components/button";
import { Ornament } from "@halcyon/ui/components/ornament";
import { cn } from "@halcyon/ui/lib/utils";
import { AlertCircle, Check, CheckCheck, Clock3 } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";

import type { ConversationRow, MessageRow } from "./conversation-rows";
import { formatClock, formatDayDivider, formatMoment } from "./message-time";
import { MessageBody } from "./message-text";
import type { OutgoingMessage } from "./outbox";

/** Within this many pixels of the end, the reader is "at the latest" and new messages keep them there. */
const NEAR_END_PX = 120;

type MessageLogProps = {
  rows: ConversationRow[];
  /** "Conversation with Eleanor Vance". */
  label: string;
  partnerName: string;
  hasOlder: boolean;
  olderState: "idle" | "loading" | "failed";
  onLoadOlder: () => void;
  onRetry: (message: OutgoingMessage) => void;
  /** Shown when there are no messages at all. */
  empty: ReactNode;
};

type Snapshot = {
  first: string | undefined;
  last: string | undefined;
  nearEnd: boolean;
  /**
   * The log's height as last laid out here: a scroll event that comes after rows grew, before the
   * observer below has followed them, still measures the reader against the height they saw.
   */
  height: number;
  /** Where the first message sat in the visible area: earlier pages go in front of it without moving it. */
  firstTop: number | undefined;
};

const firstMessageKey = (rows: ConversationRow[]) => rows.find((row) => row.kind === "message")?.key;
const lastMessage = (rows: ConversationRow[]) => rows.findLast((row): row is MessageRow => row.kind === "message");

function topWithin(scroller: HTMLElement, key: string | undefined): number | undefined {
  if (key === undefined) return undefined;
  const element = scroller.querySelector(`[data-key="${CSS.escape(key)}"]`);
  return element ? element.getBoundingClientRect().top - scroller.getBoundingClientRect().top : undefined;
}

/**
 * The conversation, oldest at the top. It opens at the latest message, stays there as new ones
 * arrive (unless the reader has scrolled up to read), and reads earlier pages when the reader
 * nears the top, keeping what they were reading exactly where it was.
 */
export function MessageLog({ rows, label, partnerName, hasOlder, olderState, onLoadOlder, onRetry, empty }: MessageLogProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const snapshot = useRef<Snapshot>({ first: undefined, last: undefined, nearEnd: true, height: 0, firstTop: undefined });
  const loadOlder = useRef(onLoadOlder);
  useEffect(() => {
    loadOlder.current = onLoadOlder;
  });

  /** Called as the reader scrolls: whether they are at the latest is theirs to say, not the layout's. */
  const remember = () => {
    const element = scroller.current;
    if (!element) return;
    snapshot.current.nearEnd = snapshot.current.height - element.scrollTop - element.clientHeight < NEAR_END_PX;
    snapshot.current.firstTop = topWithin(element, snapshot.current.first);
  };

  // After every commit, so the snapshot always describes what is on screen.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = { ...snapshot.current };
    const first = firstMessageKey(rows);
    const latest = lastMessage(rows);
    const last = latest?.key;

    const toEnd = () => {
      element.scrollTop = element.scrollHeight;
      snapshot.current.nearEnd = true;
      snapshot.current.height = element.scrollHeight;
    };
    if (before.last === undefined) {
      toEnd();
    } else if (first !== before.first && last === before.last) {
      // Earlier messages went in front: scroll by exactly as much as the former first message moved.
      const now = topWithin(element, before.first);
      if (now !== undefined && before.firstTop !== undefined) element.scrollTop += now - before.firstTop;
      snapshot.current.height = element.scrollHeight;
    } else if (last !== before.last && (before.nearEnd || (latest?.mine && latest.state !== "delivered"))) {
      toEnd();
    }
    // Rows that grew in this commit otherwise leave the reader, and the height they are measured
    // against, as they were: a reader at the latest is kept there by the observer below.
    snapshot.current.first = first;
    snapshot.current.last = last;
    snapshot.current.firstTop = topWithin(element, first);
  });

  // Rows grow, in a commit here or not (a sealed message's words, opened, are longer than the row
  // that waited for them; an image loads), and the log itself changes height as the page around
  // it settles: a reader at the latest stays there.
  const hasMessages = rows.length > 0;
  useEffect(() => {
    const element = scroller.current;
    const content = list.current;
    if (!element || !content) return;
    const observer = new ResizeObserver(() => {
      if (snapshot.current.nearEnd) element.scrollTop = element.scrollHeight;
      snapshot.current.height = element.scrollHeight;
      snapshot.current.firstTop = topWithin(element, snapshot.current.first);
    });
    observer.observe(content);
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMessages]);

  // Nearing the top reads the page before; it keeps reading while the top stays in view.
  useEffect(() => {
    const root = scroller.current;
    const target = sentinel.current;
    if (!root || !target || !hasOlder || olderState !== "idle") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlder.current();
      },
      { root, rootMargin: "320px 0px 0px 0px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, olderState, rows.length]);

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={label}
      // Focusable, so the history can be scrolled from the keyboard.
      tabIndex={0}
      onScroll={remember}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-6 [overflow-anchor:none] focus-visible:outline-offset-[-3px] sm:px-8"
    >
      {!hasMessages ? (
        empty
      ) : (
        <>
          <div ref={sentinel}>
            {hasOlder ? (
              // One height whatever it says, so nothing below moves when it changes.
              <div className="flex h-9 items-start justify-center mb-4">
                {olderState === "loading" ? (
                  <p role="status" className="text-xs tracking-wide text-stone-600">
                    Loading earlier messages…
                  </p>
                ) : (
                  <Button variant="link" size="sm" className="h-auto text-xs" onClick={() => loadOlder.current()}>
                    {olderState === "failed" ? "Earlier messages did not load. Try again" : "Show earlier messages"}
                  </Button>
                )}
              </div>
            ) : (
              <div className="flex h-20 flex-col items-center gap-3 text-center">
                <Ornament className="opacity-70" />
                <p className="font-display text-base text-stone-600 italic">The beginning of your conversation with {partnerName}</p>
              </div>
            )}
          </div>
          <ol ref={list} className="flex flex-col">
            {rows.map((row) => (row.kind === "day" ? <DayDivider key={row.key} at={row.at} /> : <MessageBubble key={row.key} row={row} onRetry={onRetry} />))}
          </ol>
        </>
      )}
    </div>
  );
}

function DayDivider({ at }: { at: string }) {
  return (
    <li className="my-5 flex items-center gap-4 transition-none first:mt-0">
      <span aria-hidden="true" className="h-px flex-1 bg-linear-to-r from-transparent to-gold-500/40" />
      <span className="text-[0.68rem] font-semibold tracking-[0.24em] text-gold-700 uppercase">{formatDayDivider(at)}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-linear-to-l from-transparent to-gold-500/40" />
    </li>
  );
}

function MessageBubble({ row, onRetry }: { row: MessageRow; onRetry: (message: OutgoingMessage) => void }) {
  const { mine, state } = row;
  return (
    <li
      data-testid="message"
      data-key={row.key}
      data-state={state}
      // No transitions on rows: their spacing changes as neighbours arrive, and the scroll position is
      // measured in the same frame (reduced motion turns every property into a 0.01 ms transition).
      className={cn("flex flex-col transition-none", mine ? "items-end" : "items-start", row.runStart ? "mt-4 first:mt-0" : "mt-1")}
    >
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-4 py-2.5 text-[0.95rem] leading-relaxed sm:max-w-[70%]",
          mine ? "bg-ink-900 text-ivory-50 shadow-soft" : "border border-hairline bg-ivory-50 text-ink-900",
          mine ? (row.runEnd ? "rounded-br-md" : "") : row.runEnd ? "rounded-bl-md" : "",
          state === "sending" && "opacity-80",
          state === "failed" && "bg-ink-900/85 ring-1 ring-rose-700/60",
        )}
      >
        <MessageBody content={row.content} pendingFile={row.outgoing?.file} mine={mine} />
        <p className={cn("mt-1 text-right text-[0.68rem] tracking-wide tabular-nums", mine ? "text-ivory-200/80" : "text-stone-600")}>
          <time dateTime={row.createdAt} title={formatMoment(row.createdAt)}>
            {formatClock(row.createdAt)}
          </time>
        </p>
      </div>
      <MessageState row={row} onRetry={onRetry} />
    </li>
  );
}

function MessageState({ row, onRetry }: { row: MessageRow; onRetry: (message: OutgoingMessage) => void }) {
  const line = "mt-1.5 inline-flex items-center gap-1.5 text-xs text-stone-600";
  if (row.state === "sending") {
    return (
      <p className={line}>
        <Clock3 className="size-3.5" aria-hidden="true" />
        Sending…
      </p>
    );
  }
  if (row.state === "failed" && row.outgoing) {
    const outgoing = row.outgoing;
    return (
      <p className={cn(line, "text-rose-700")}>
        <AlertCircle className="size-3.5" aria-hidden="true" />
        Not sent.
        <button
          type="button"
          onClick={() => onRetry(outgoing)}
          className="cursor-pointer font-medium underline decoration-rose-700/40 underline-offset-4 hover:decoration-rose-700"
        >
          Retry
        </button>
      </p>
    );
  }
  if (row.receipt === "Read") {
    return (
      <p className={cn(line, "text-sage-700")} data-testid="receipt">
        <CheckCheck className="size-3.5" aria-hidden="true" />
        Read
      </p>
    );
  }
  if (row.receipt === "Sent") {
    return (
      <p className={line} data-testid="receipt">
        <Check className="size-3.5" aria-hidden="true" />
        Sent
      </p>
    );
  }
  return null;
}
