import type { PublicUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { cn } from "@halcyon/ui/lib/utils";
import { LogOut } from "lucide-react";
import { Link } from "react-router-dom";

import { useSignOut } from "./use-sign-out";
import { UserBadge } from "./user-badge";

type MemberActionsProps = {
  user: PublicUser;
  stacked: boolean;
  onNavigate?: (() => void) | undefined;
};

/** A member's badge (a link to their account) and Sign Out. */
export function MemberActions({ user, stacked, onNavigate }: MemberActionsProps) {
  const signOut = useSignOut();
  return (
    <div className={cn("flex gap-5", stacked ? "flex-col items-start" : "items-center")}>
      <Link
        to="/account"
        onClick={onNavigate}
        className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-gold-500 focus-visible:ring-offset-2"
      >
        <span className="sr-only">Your account: </span>
        <UserBadge user={user} />
      </Link>
      <Button
        size={stacked ? "lg" : "sm"}
        variant="outline"
        className={cn(stacked && "w-full")}
        disabled={signOut.isPending}
        onClick={() => {
          onNavigate?.();
          signOut.mutate();
        }}
      >
        <LogOut aria-hidden="true" />
        {signOut.isPending ? "Signing Out..." : "Sign Out"}
      </Button>
    </div>
  );
}
