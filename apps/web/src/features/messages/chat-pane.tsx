import { Button } from "@halcyon/ui/components/button";
import { ArrowLeft, Phone, Video } from "lucide-react";
import { useEffect, useMemo, useRef } from "react";
import { Link } from "react-router-dom";

import { CallButton } from "./call-button";
import { PartnerKeyChanged, SafetyNumber } from "./safety-number";
import { Composer } from "./composer";
import { ConnectionStatus } from "./connection-status";
import { conversationRows } from "./conversation-rows";
import { MessageLog } from "./message-log";
import { pendingFor, type OutgoingMessage } from "./outbox";
import { callName, headingName, type Partner } from "./partner";
import { PartnerAvatar } from "./partner-avatar";
import { useMarkRead } from "./use-mark-read";
import { useSealingBlock } from "./use-sealing-readiness";
import { useDraft } from "./use-draft";
import { useForgetDelivered, useOutbox, useSendMessage } from "./use-send-message";
import { useThread } from "./use-thread";

type ChatPaneProps = {
  me: number;
  partner: Partner;
  /** A patient's partners are doctors, named "Dr. Vance"; a doctor's are patients. */
  partnerIsDoctor: boolean;
  unreadFromPartner: number;
  /** Where the mobile back arrow leads: the conversation list. */
  backHref: string;
};

/** The chat with one partner: who and the connection, the conversation, and the composer. */
export function ChatPane({ me, partner, partnerIsDoctor, unreadFromPartner, backHref }: ChatPaneProps) {
  const { query, loadOlder, olderState } = useThread(partner.id);
  const thread = query.data;
  const outbox = useOutbox();
  const { send, retry } = useSendMessage(me);
  const [draft, setDraft] = useDraft(partner.id);
  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  }, [draft]);
  useMarkRead(partner.id, thread, unreadFromPartner);
  useForgetDelivered(outbox, thread?.messages);

  const pending = useMemo(() => pendingFor(outbox, { senderId: me, partnerId: partner.id }, thread?.messages ?? []), [outbox, me, partner.id, thread]);
  const rows = useMemo(() => conversationRows(thread?.messages ?? [], pending, me), [thread, pending, me]);
  const name = headingName(partner, partnerIsDoctor);
  const called = callName(partner, partnerIsDoctor);
  const blocked = useSealingBlock(me, partner.id, called);

  // A failed message's words go back into the composer (unless something new is being written
  // there); sending them again retries that message. Once it is delivered (by a retry, or because
  // it had arrived after all and only the answer was lost), the kept words go.
  const kept = useRef<{ clientId: string; content: string } | null>(null);
  useEffect(() => {
    const waiting = kept.current;
    if (!waiting || pending.some((entry) => entry.clientId === waiting.clientId)) return;
    kept.current = null;
    if (draftRef.current.trim() === waiting.content) setDraft("");
  }, [pending]);

  const onSend = (content: string, file?: File) => {
    setDraft("");
    void send(partner.id, content, pending, file).then(({ clientId, accepted }) => {
      if (accepted || draftRef.current.trim() !== "") return;
      kept.current = { clientId, content };
      setDraft(content);
    });
  };

  const onRetry = (message: OutgoingMessage) => {
    void retry(message);
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-2 border-b border-hairline px-3 py-3 sm:gap-4 sm:px-6 sm:py-4">
        <Button asChild variant="ghost" size="icon" className="md:hidden">
          <Link to={backHref} aria-label="Back to conversations">
            <ArrowLeft className="size-5" aria-hidden="true" />
          </Link>
        </Button>
        <PartnerAvatar partner={partner} className="size-10 sm:size-11" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-display text-[1.35rem] leading-tight text-ink-900 sm:text-2xl">{name}</h2>
          <div className="mt-0.5 flex items-center gap-3">
            {partner.detail && <span className="hidden truncate text-xs text-stone-600 sm:inline">{partner.detail}</span>}
            {partner.detail && <span aria-hidden="true" className="hidden size-1 rotate-45 bg-gold-500 sm:inline-block" />}
            <ConnectionStatus />
          </div>
        </div>
        <div className="flex items-center">
          <SafetyNumber me={me} partnerId={partner.id} partnerName={called} />
          <CallButton icon={Phone} label="Call" audioOnly partnerId={partner.id} partnerName={called} mayStartVisit={!partnerIsDoctor} />
          <CallButton icon={Video} label="Video call" audioOnly={false} partnerId={partner.id} partnerName={called} mayStartVisit={!partnerIsDoctor} />
        </div>
      </header>
      <PartnerKeyChanged me={me} partnerId={partner.id} partnerName={called} />

      {query.isError && !thread ? (
        <div className="flex flex-1 flex-col items-center justify-center px-8 text-center">
          <p className="font-display text-2xl text-ink-900">This conversation did not open.</p>
          <p className="mt-2 max-w-sm text-sm leading-relaxed text-muted-foreground">
            It may not be available to you, or the connection dropped. Please try again.
          </p>
          <Button variant="outline" size="sm" className="mt-6" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : !thread ? (
        <div role="status" className="flex flex-1 flex-col justify-end gap-4 px-4 py-6 sm:px-8">
          <span className="sr-only">Opening the conversation…</span>
          <div aria-hidden="true" className="h-14 w-3/5 animate-pulse rounded-2xl rounded-bl-md bg-ivory-200" />
          <div aria-hidden="true" className="h-10 w-2/5 animate-pulse self-end rounded-2xl rounded-br-md bg-ivory-300/70" />
          <div aria-hidden="true" className="h-16 w-1/2 animate-pulse rounded-2xl rounded-bl-md bg-ivory-200" />
        </div>
      ) : (
        <MessageLog
          rows={rows}
          label={`Conversation with ${name}`}
          partnerName={called}
          hasOlder={thread.hasOlder}
          olderState={olderState}
          onLoadOlder={() => void loadOlder()}
          onRetry={onRetry}
          empty={
            <div className="flex h-full flex-col items-center justify-center px-6 text-center">
              <PartnerAvatar partner={partner} className="size-16 [&_[data-slot=avatar-fallback]]:text-xl" />
              <p className="mt-5 font-display text-2xl text-ink-900">Write to {called}</p>
              <p className="mt-2 max-w-sm text-sm leading-relaxed text-muted-foreground">
                A question, a thought since your last session, how the week is going: it stays between the two of you.
              </p>
            </div>
          }
        />
      )}

      <Composer draft={draft} onDraftChange={setDraft} onSend={onSend} partnerName={called} blocked={blocked} />
    </div>
  );
}
