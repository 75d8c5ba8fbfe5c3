import type { AccountNoticeView } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { KeyRound, ShieldAlert } from "lucide-react";
import { Link } from "react-router-dom";

import { FloatingNotice } from "../../components/floating-notice";
import { formatDate } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";

const COPY: Record<AccountNoticeView["kind"], { title: string; body: (notice: AccountNoticeView) => string; action: string; to: string; dismiss: string }> = {
  password_review: {
    title: "Time for a stronger password",
    body: () => "Your password no longer meets the clinic's rules: it would be too easy to guess. Please choose a new one; it takes a moment.",
    action: "Choose a new password",
    to: "/account#password",
    dismiss: "Not now",
  },
  two_step_reset: {
    title: "Your two-step sign-in was reset",
    body: (notice) =>
      `An admin reset your two-step sign-in on ${formatDate(notice.createdAt)}, so you signed in with your password alone. Set it up again to keep your account safe.`,
    action: "Set it up again",
    to: "/account",
    dismiss: "Dismiss",
  },
};

/**
 * What the clinic asks a member to see once (a password that falls short of the rules, a reset of
 * their two-step sign-in): a card floating over the page's foot, so nothing on the page moves when
 * it arrives. Acting on it or dismissing it removes it for good.
 */
export function AccountNoticeCard({ notice }: { notice: AccountNoticeView }) {
  const utils = trpc.useUtils();
  const dismiss = trpc.account.dismissNotice.useMutation({ onSettled: () => utils.account.notices.invalidate() });
  const copy = COPY[notice.kind];
  const Icon = notice.kind === "password_review" ? KeyRound : ShieldAlert;
  const done = () => dismiss.mutate({ kind: notice.kind });

  return (
    <FloatingNotice
      label="A notice for you"
      icon={Icon}
      title={copy.title}
      body={copy.body(notice)}
      actions={
        <>
          <Button asChild size="sm">
            <Link to={copy.to} onClick={done}>
              {copy.action}
            </Link>
          </Button>
          <Button variant="ghost" size="sm" disabled={dismiss.isPending} onClick={done}>
            {copy.dismiss}
          </Button>
        </>
      }
    />
  );
}
