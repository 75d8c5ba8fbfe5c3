import type { Conversation } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { CountBadge } from "@halcyon/ui/components/count-badge";
import { cn } from "@halcyon/ui/lib/utils";
import { MessageCircleHeart } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

import { formatListTime, formatMoment } from "./message-time";
import { headingName, partnerFromConversation, type Partner } from "./partner";
import { PartnerAvatar } from "./partner-avatar";
import { MessageText } from "./message-text";

type ConversationListProps = {
  conversations: Conversation[] | undefined;
  status: "pending" | "error" | "success";
  onRetry: () => void;
  /** More conversations, older than those shown, wait on the server. */
  earlier: { show: () => void; loading: boolean } | undefined;
  selectedId: number | null;
  /** Someone chosen from "Start new conversation" who has no conversation yet. */
  newPartner: Partner | undefined;
  /** The open conversation is being read: its count is cleared, not shown for a moment more. */
  openAndVisible: boolean;
  hrefFor: (partnerId: number) => string;
  /** A patient's partners are doctors, listed as "Dr. Eleanor Vance". */
  partnersAreDoctors: boolean;
  emptyHint: ReactNode;
};

const unreadLabel = (count: number) => `${count} unread message${count === 1 ? "" : "s"}`;

/** The conversations, latest first: who, the latest message with its sender's name, when, and what is unread. */
export function ConversationList(props: ConversationListProps) {
  const { conversations, status, selectedId, newPartner, earlier } = props;

  if (status === "pending") {
    return (
      <div role="status" className="grid gap-1 p-3">
        <span className="sr-only">Loading your conversations…</span>
        {[0, 1, 2].map((row) => (
          <div key={row} aria-hidden="true" className="flex items-center gap-4 rounded-lg px-3 py-4">
            <div className="size-11 animate-pulse rounded-full bg-ivory-200" />
            <div className="grid flex-1 gap-2">
              <div className="h-3.5 w-2/5 animate-pulse rounded bg-ivory-200" />
              <div className="h-3 w-4/5 animate-pulse rounded bg-ivory-200" />
            </div>
          </div>
        ))}
      </div>
    );
  }

  if (status === "error") {
    return (
      <div className="px-6 py-12 text-center">
        <p className="font-display text-xl text-ink-900">Your conversations did not load.</p>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">Please check your connection and try again.</p>
        <Button variant="outline" size="sm" className="mt-6" onClick={props.onRetry}>
          Try again
        </Button>
      </div>
    );
  }

  const rows = conversations ?? [];
  if (rows.length === 0 && !newPartner) {
    return (
      <div className="flex flex-col items-center px-8 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-full border border-hairline bg-ivory-50 text-gold-700 shadow-soft">
          <MessageCircleHeart className="size-6" strokeWidth={1.4} aria-hidden="true" />
        </span>
        <p className="mt-5 font-display text-2xl text-ink-900">No conversations yet</p>
        <p className="mt-2 max-w-xs text-sm leading-relaxed text-muted-foreground">{props.emptyHint}</p>
      </div>
    );
  }

  return (
    <>
      <ul aria-label="Conversations" className="grid gap-0.5 p-2 sm:p-3">
        {newPartner && (
          <ConversationRow
            partner={newPartner}
            name={headingName(newPartner, props.partnersAreDoctors)}
            href={props.hrefFor(newPartner.id)}
            selected={selectedId === newPartner.id}
            preview={<span className="italic">New conversation</span>}
          />
        )}
        {rows.map((conversation) => {
          const partner = partnerFromConversation(conversation);
          const unread = props.openAndVisible && conversation.partnerId === selectedId ? 0 : conversation.unreadCount;
          return (
            <ConversationRow
              key={conversation.partnerId}
              partner={partner}
              name={headingName(partner, props.partnersAreDoctors)}
              href={props.hrefFor(conversation.partnerId)}
              selected={selectedId === conversation.partnerId}
              unread={unread}
              time={conversation.createdAt}
              preview={
                <>
                  {/* One's own latest message says "You:", as every messenger does; the partner's needs no name (the row is theirs). */}
                  {conversation.senderId === conversation.partnerId ? null : (
                    <>
                      <span className={cn("font-medium", unread > 0 ? "text-ink-900" : "text-ink-800")}>You:</span>{" "}
                    </>
                  )}
                  <MessageText content={conversation.content} />
                </>
              }
            />
          );
        })}
      </ul>
      {earlier && (
        <div className="px-4 pb-5 sm:px-5">
          <Button variant="outline" size="sm" className="w-full" onClick={earlier.show} disabled={earlier.loading}>
            {earlier.loading ? "Loading earlier conversations…" : "Show earlier conversations"}
          </Button>
        </div>
      )}
    </>
  );
}

type ConversationRowProps = {
  partner: Partner;
  /** As the viewer calls them: "Dr. Eleanor Vance" or "Alex Morgan". */
  name: string;
  href: string;
  selected: boolean;
  preview: ReactNode;
  unread?: number;
  time?: string;
};

function ConversationRow({ partner, name, href, selected, preview, unread = 0, time }: ConversationRowProps) {
  return (
    <li>
      <Link
        to={href}
        preventScrollReset
        aria-current={selected ? "true" : undefined}
        data-testid="conversation"
        className={cn(
          "group relative flex items-center gap-4 rounded-lg px-3 py-3.5 transition-colors duration-300 hover:bg-ivory-200/70 focus-visible:outline-offset-[-2px]",
          "before:absolute before:inset-y-3 before:left-0 before:w-0.5 before:rounded-full before:bg-gold-500 before:opacity-0 before:transition-opacity",
          selected && "bg-ivory-200 before:opacity-100 hover:bg-ivory-200",
        )}
      >
        <PartnerAvatar partner={partner} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-3">
            <span className={cn("truncate font-display text-lg leading-snug text-ink-900", unread > 0 && "font-semibold")}>{name}</span>
            {time && (
              <time dateTime={time} title={formatMoment(time)} className="shrink-0 text-xs text-stone-600 tabular-nums">
                {formatListTime(time)}
              </time>
            )}
          </span>
          <span className="mt-0.5 flex items-center gap-3">
            <span
              data-testid="conversation-preview"
              className={cn("line-clamp-1 flex-1 text-sm leading-relaxed wrap-anywhere", unread > 0 ? "text-ink-800" : "text-stone-600")}
            >
              {preview}
            </span>
            <CountBadge count={unread} label={unreadLabel(unread)} data-testid="conversation-unread" />
          </span>
        </span>
      </Link>
    </li>
  );
}
