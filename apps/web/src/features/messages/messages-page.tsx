import type { PublicUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament, Rings } from "@halcyon/ui/components/ornament";
import { TooltipProvider } from "@halcyon/ui/components/tooltip";
import { cn } from "@halcyon/ui/lib/utils";
import { MessagesSquare } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";

import { Wash } from "../../components/wash";
import { useCurrentUser } from "../../lib/auth/current-user";
import { dashboardPathFor } from "../../lib/auth/role-paths";
import { pageTitle } from "../../lib/clinic";
import { greetingNameOf, salutationFor } from "../../lib/greeting";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { MessagesLock } from "./messages-lock";
import { ChatPane } from "./chat-pane";
import { ConnectionStatus } from "./connection-status";
import { ConversationList } from "./conversation-list";
import { NewConversationMenu } from "./new-conversation-menu";
import { useConversations } from "./use-conversations";
import { findPartner, parsePartnerId, partnerFromDoctor, partnerFromPatient } from "./partner";
import { useDocumentVisible } from "./use-document-visible";

const PARTNER_PARAM = "with";
const hrefFor = (partnerId: number) => `/messages?${PARTNER_PARAM}=${partnerId}`;

export function MessagesPage() {
  const { user } = useCurrentUser();
  useDocumentTitle(pageTitle("Messages"));
  // Inside RequireAuth: there is a member. Admins take no part in conversations.
  if (!user) return null;
  if (user.role === "admin") return <NoConversationsForAdmins user={user} />;
  return <Conversations user={user} />;
}

function PageHeading({ user, hidden = false, lead }: { user: PublicUser; hidden?: boolean; lead: string }) {
  return (
    // On a phone with a conversation open the chat takes the screen; the heading stays for screen readers.
    <header className={cn("px-5 sm:px-8 md:px-0", hidden && "max-md:sr-only")}>
      <Eyebrow>Messages</Eyebrow>
      <h1 className="mt-4 font-display text-[2.5rem] leading-[1.05] text-ink-900 md:text-5xl">
        {salutationFor(new Date())}, {greetingNameOf(user)}.
      </h1>
      <p className="mt-3 max-w-2xl text-base leading-relaxed text-muted-foreground md:text-lg">{lead}</p>
    </header>
  );
}

function Conversations({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const partnerId = parsePartnerId(searchParams.get(PARTNER_PARAM));
  const isPatient = user.role === "patient";
  const visible = useDocumentVisible();

  const conversations = useConversations(partnerId);
  const unread = trpc.messages.unread.useQuery();
  // Patients write to the clinic's doctors; doctors to their own patients. A doctor's patient list
  // is health data whose every read is audited: it is read only when wanted (the menu opens, or
  // the address names a patient with no conversation yet).
  const [menuOpened, setMenuOpened] = useState(false);
  const isNewConversationPartner = conversations.partnerKnown && conversations.withPartner === undefined;
  const needPatients = menuOpened || (partnerId !== null && isNewConversationPartner);
  const doctors = trpc.doctors.list.useQuery(undefined, { enabled: isPatient });
  const patients = trpc.patients.list.useQuery({ limit: 200 }, { enabled: !isPatient && needPatients });

  const partner = useMemo(
    () =>
      partnerId === null ? undefined : findPartner(partnerId, { conversation: conversations.withPartner, doctors: doctors.data, patients: patients.data }),
    [partnerId, conversations.withPartner, doctors.data, patients.data],
  );
  const partnerLookupDone = conversations.partnerKnown && (conversations.withPartner !== undefined || (isPatient ? !doctors.isPending : !patients.isPending));
  const isNewConversation = partner !== undefined && isNewConversationPartner;
  const open = (id: number) => void navigate(hrefFor(id), { preventScrollReset: true });

  const menu = isPatient ? (
    <NewConversationMenu
      label="Start new conversation"
      heading="Our doctors"
      people={doctors.data?.map(partnerFromDoctor)}
      peopleAreDoctors
      status={doctors.status}
      nobody="No doctors are taking messages just now."
      onChoose={open}
    />
  ) : (
    <NewConversationMenu
      label="Write to a patient"
      heading="Your patients"
      people={patients.data?.map(partnerFromPatient)}
      peopleAreDoctors={false}
      status={patients.status}
      nobody="Patients in your care appear here."
      onChoose={open}
      onOpenChange={(isOpen) => {
        if (isOpen) setMenuOpened(true);
      }}
    />
  );

  return (
    <TooltipProvider>
      <section className="relative isolate">
        <Wash className="inset-x-0 top-0 h-[32rem] bg-[radial-gradient(60rem_26rem_at_90%_-10%,var(--color-gold-200),transparent_70%),radial-gradient(40rem_22rem_at_-10%_30%,var(--color-sage-100),transparent_70%)]" />
        <div className={cn("mx-auto max-w-7xl pb-16 md:px-8 md:pt-12 md:pb-20", partnerId === null ? "pt-10" : "max-md:pb-0")}>
          <PageHeading
            user={user}
            hidden={partnerId !== null}
            lead={
              isPatient
                ? "A private line to your care team, for the small questions between sessions."
                : "Your patients' messages, in one quiet place. Replies reach them at once."
            }
          />

          <MessagesLock user={user} />

          <div
            className={cn(
              "mt-8 grid grid-cols-1 overflow-hidden bg-card md:mt-10 md:h-[max(34rem,calc(100dvh-19rem))] md:grid-cols-[19rem_1fr] md:rounded-xl md:border md:border-hairline md:shadow-soft lg:grid-cols-[22rem_1fr]",
              partnerId === null ? "mx-5 rounded-xl border border-hairline shadow-soft sm:mx-8 md:mx-0" : "max-md:mt-0 max-md:h-[calc(100dvh-5rem)]",
            )}
          >
            <aside
              aria-label="Your conversations"
              className={cn("flex min-h-0 flex-col md:border-r md:border-hairline", partnerId !== null && "max-md:hidden")}
            >
              <div className="flex flex-col gap-4 border-b border-hairline px-5 py-5 sm:px-6">
                <h2 className="font-display text-2xl text-ink-900">Conversations</h2>
                {menu}
              </div>
              <div className="min-h-0 flex-1 overflow-y-auto">
                <ConversationList
                  conversations={conversations.list}
                  status={conversations.status}
                  onRetry={conversations.refetch}
                  earlier={conversations.hasEarlier ? { show: conversations.showEarlier, loading: conversations.loadingEarlier } : undefined}
                  selectedId={partnerId}
                  newPartner={isNewConversation ? partner : undefined}
                  openAndVisible={visible}
                  hrefFor={hrefFor}
                  partnersAreDoctors={isPatient}
                  emptyHint={
                    isPatient
                      ? "Choose one of our doctors under “Start new conversation” to write your first message."
                      : "When a patient writes to you, or you write to one of your patients, the conversation appears here."
                  }
                />
              </div>
            </aside>

            <section aria-label="Chat" className={cn("min-h-0 bg-ivory-50", partnerId === null && "max-md:hidden")}>
              {partnerId === null ? (
                <SelectAConversation firstOne={conversations.list?.length === 0} />
              ) : partner ? (
                <ChatPane
                  key={partner.id}
                  me={user.id}
                  partner={partner}
                  partnerIsDoctor={isPatient}
                  unreadFromPartner={unread.data?.byPartner[String(partner.id)] ?? 0}
                  backHref="/messages"
                />
              ) : partnerLookupDone ? (
                <Unavailable />
              ) : (
                <div role="status" className="flex h-full items-center justify-center">
                  <span className="sr-only">Opening the conversation…</span>
                  <MessagesSquare className="size-8 animate-pulse text-gold-600" aria-hidden="true" />
                </div>
              )}
            </section>
          </div>
        </div>
      </section>
    </TooltipProvider>
  );
}

/** The chat side before a conversation is chosen (the specification's "Select a Conversation"); `firstOne`: there is none yet. */
function SelectAConversation({ firstOne }: { firstOne: boolean }) {
  return (
    <div className="relative flex h-full flex-col items-center justify-center overflow-hidden px-8 text-center">
      <Rings aria-hidden="true" className="absolute top-1/2 left-1/2 size-[36rem] -translate-x-1/2 -translate-y-1/2 text-gold-500/15" />
      <span className="relative flex size-16 items-center justify-center rounded-full border border-hairline bg-ivory-50 text-gold-700 shadow-soft">
        <MessagesSquare className="size-7" strokeWidth={1.3} aria-hidden="true" />
      </span>
      <h2 className="relative mt-6 font-display text-3xl text-ink-900">Select a Conversation</h2>
      <p className="relative mt-3 max-w-sm text-sm leading-relaxed text-muted-foreground">
        {firstOne
          ? "Begin one with “Start new conversation”, and it opens here."
          : "Choose someone on the left to continue where you left off, or begin a new conversation."}
      </p>
      <Ornament className="relative mt-8" />
      <ConnectionStatus className="relative mt-6" />
    </div>
  );
}

function Unavailable() {
  return (
    <div className="flex h-full flex-col items-center justify-center px-8 py-16 text-center">
      <h2 className="font-display text-3xl text-ink-900">This conversation is not available</h2>
      <p className="mt-3 max-w-sm text-sm leading-relaxed text-muted-foreground">
        The person may no longer receive messages here. Choose another conversation, or start a new one.
      </p>
      <Button asChild variant="outline" size="sm" className="mt-8">
        <Link to="/messages">Back to conversations</Link>
      </Button>
    </div>
  );
}

/** Admins see the Messages link too (the specification's navbar), but conversations are between patients and doctors. */
function NoConversationsForAdmins({ user }: { user: PublicUser }) {
  return (
    <section className="mx-auto max-w-3xl px-5 py-20 text-center sm:px-8 md:py-28">
      <Eyebrow>Messages</Eyebrow>
      <h1 className="mt-5 font-display text-5xl leading-tight text-ink-900">
        {salutationFor(new Date())}, {greetingNameOf(user)}.
      </h1>
      <Ornament className="mx-auto mt-8" />
      <p className="mx-auto mt-8 max-w-xl text-lg leading-relaxed text-muted-foreground">
        Conversations here are kept between patients and their doctors, and stay private to them. There is nothing for an administrator to read.
      </p>
      <Button asChild variant="outline" className="mt-10">
        <Link to={dashboardPathFor(user.role)}>Go to your dashboard</Link>
      </Button>
    </section>
  );
}
