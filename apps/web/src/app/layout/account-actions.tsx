import type { PublicUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { cn } from "@halcyon/ui/lib/utils";
import { LogOut } from "lucide-react";
import { Link } from "react-router-dom";

import { useSignOut } from "./use-sign-out";
import { UserBadge } from "./user-badge";

type AccountActionsProps = {
  user: PublicUser | null;
  /** A row beside the desktop links, or full-width buttons stacked in the mobile menu. */
  layout: "row" | "column";
  /** Called when an action leaves the page, so an open mobile menu can close. */
  onNavigate?: () => void;
};

/** Log In for visitors; for members, their badge (a link to their account) and Sign Out. */
export function AccountActions({ user, layout, onNavigate }: AccountActionsProps) {
  const signOut = useSignOut();
  const stacked = layout === "column";

  if (user === null) {
    return (
      <Button asChild size={stacked ? "lg" : "sm"} variant="ink" className={cn(stacked && "w-full")}>
        <Link to="/auth" onClick={onNavigate}>
          Log In
        </Link>
      </Button>
    );
  }

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
