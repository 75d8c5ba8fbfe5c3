import type { DeliveredNotice } from "@halcyon/domain/schemas";
import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { TableCell, TableRow } from "@halcyon/ui/components/table";
import { keepPreviousData } from "@tanstack/react-query";
import { Mail, RotateCw } from "lucide-react";
import { useState } from "react";

import { trpc } from "../../lib/trpc";
import { AdminShell, EmptyState } from "./admin-shell";
import { toastFailure, toastSuccess } from "./feedback";
import { LoadAlert } from "./load-alert";
import { SelectField } from "./select-field";
import { TableCard } from "./table-card";
import { canSendAgain, DELIVERY_FILTER_OPTIONS, DELIVERY_STATUS, kindLabel, type DeliveryFilter } from "./delivery-phrasing";
import { LogPager } from "./log-pager";
import { logWhen } from "./log-when";

const PAGE_SIZE = 50;
/** While something is on its way, the page looks again this often. */
const FOLLOW_MS = 2_000;

export function DeliveryLogPage() {
  const [filter, setFilter] = useState<DeliveryFilter>("all");
  return (
    <AdminShell
      section="Delivery log"
      title="The delivery log"
      lead="Every email the clinic sends, and what the mail server answered. Only a notice's subject is shown here: what it says stays between the clinic and the person it was written for."
      actions={<SendTestEmail />}
    >
      <div role="search" aria-label="Filter the delivery log" className="max-w-xs">
        <SelectField
          id="delivery-status"
          label="Status"
          value={filter}
          onValueChange={(value) => setFilter(value as DeliveryFilter)}
          options={DELIVERY_FILTER_OPTIONS}
        />
      </div>
      <DeliveryList key={filter} filter={filter} onShowAll={() => setFilter("all")} />
    </AdminShell>
  );
}

function SendTestEmail() {
  const utils = trpc.useUtils();
  const send = trpc.deliveryLog.sendTest.useMutation({
    onSuccess: () => {
      toastSuccess("A test email is on its way", "It goes to your own verified address, and appears in the log in a moment.");
      void utils.deliveryLog.list.invalidate();
    },
    onError: (error) => toastFailure("No test email was sent", error),
  });
  return (
    <Button onClick={() => send.mutate()} disabled={send.isPending}>
      <Mail aria-hidden="true" />
      {send.isPending ? "Sending…" : "Send a test email"}
    </Button>
  );
}

function DeliveryList({ filter, onShowAll }: { filter: DeliveryFilter; onShowAll: () => void }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const before = cursors.at(-1);
  const log = trpc.deliveryLog.list.useQuery(
    { limit: PAGE_SIZE, ...(filter === "all" ? {} : { status: filter }), ...(before ? { before } : {}) },
    {
      placeholderData: keepPreviousData,
      refetchInterval: (query) => (query.state.data?.notices.some((notice) => !canSendAgain(notice.status)) ? FOLLOW_MS : false),
    },
  );
  const notices = log.data?.notices ?? [];
  const nextBefore = log.data?.nextBefore ?? null;

  if (log.isPending) {
    return (
      <div role="status" className="mt-8 grid gap-3">
        <span className="sr-only">Loading the delivery log…</span>
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-16 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (log.isError) return <LoadAlert what="The delivery log" error={log.error} onRetry={() => void log.refetch()} className="mt-8" />;
  if (notices.length === 0) {
    return (
      <EmptyState
        className="mt-8"
        title={filter === "all" ? "Nothing sent yet" : "No notices match"}
        action={
          filter === "all" ? undefined : (
            <Button variant="outline" onClick={onShowAll}>
              Show every notice
            </Button>
          )
        }
      >
        {filter === "all"
          ? "Reminders, confirmations and account emails appear here as the clinic sends them. Send yourself a test email to see the way they go."
          : "Try another status, or show every notice."}
      </EmptyState>
    );
  }
  return (
    <div className="mt-8" aria-busy={log.isFetching}>
      <TableCard label="Notices" columns={["When", "To", "Notice", "Status", "Attempts", { label: "Actions", hidden: true }]}>
        {notices.map((notice) => (
          <NoticeRow key={notice.id} notice={notice} />
        ))}
      </TableCard>
      <LogPager label="Pages of the delivery log" cursors={cursors} setCursors={setCursors} nextBefore={nextBefore} />
    </div>
  );
}

/** What the server said, or when it is tried again. */
function statusDetail(notice: DeliveredNotice): string | null {
  if (notice.status === "failed" && notice.nextAttemptAt) {
    const next = logWhen(notice.nextAttemptAt);
    return `${notice.result ?? ""} Trying again at ${next.time}.`.trim();
  }
  return notice.result;
}

function NoticeRow({ notice }: { notice: DeliveredNotice }) {
  const when = logWhen(notice.createdAt);
  const status = DELIVERY_STATUS[notice.status];
  const detail = statusDetail(notice);
  const utils = trpc.useUtils();
  const resend = trpc.deliveryLog.resend.useMutation({
    // The member's address now, which may not be the one it was first sent to.
    onSuccess: (requeued) => {
      toastSuccess("It will be sent again", `To ${requeued.recipient.address}, in a moment.`);
      void utils.deliveryLog.list.invalidate();
    },
    onError: (error) => toastFailure("It was not sent again", error),
  });
  return (
    <TableRow data-testid="notice-row" data-notice-id={notice.id} data-status={notice.status}>
      <TableCell label="When" className="whitespace-nowrap">
        <time dateTime={notice.createdAt} className="flex flex-col text-sm md:gap-0.5 max-md:items-end">
          <span className="text-ink-900">{when.date}</span>
          <span className="text-xs text-muted-foreground">{when.time}</span>
        </time>
      </TableCell>
      <TableCell label="To">
        <span className="flex flex-col gap-0.5 text-sm max-md:items-end">
          <span className="text-ink-900">{notice.recipient.name ?? "A former member"}</span>
          <span className="text-xs break-all text-muted-foreground">{notice.recipient.address}</span>
        </span>
      </TableCell>
      <TableCell label="Notice" className="md:max-w-[20rem]">
        <span className="flex flex-col gap-0.5 max-md:items-end max-md:text-right">
          <span className="text-sm font-medium text-ink-900">{notice.subject}</span>
          <span className="text-xs text-muted-foreground">{kindLabel(notice.kind)}</span>
        </span>
      </TableCell>
      <TableCell label="Status" className="md:max-w-[22rem]">
        <span className="flex flex-col gap-1.5 max-md:items-end max-md:text-right">
          <Badge tone={status.tone}>{status.label}</Badge>
          {detail ? <span className="text-xs leading-relaxed break-words text-stone-600">{detail}</span> : null}
        </span>
      </TableCell>
      <TableCell label="Attempts" className="text-sm text-stone-600 tabular-nums">
        {notice.attempts}
      </TableCell>
      <TableCell label="Actions" className="text-right">
        {canSendAgain(notice.status) ? (
          <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate({ id: notice.id })}>
            <RotateCw aria-hidden="true" className="text-gold-700" />
            Send again
            <span className="sr-only">
              : {notice.subject}, to {notice.recipient.address}
            </span>
          </Button>
        ) : null}
      </TableCell>
    </TableRow>
  );
}
