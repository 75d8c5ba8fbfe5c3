import type { PublicUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { cn } from "@halcyon/ui/lib/utils";
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";

// A visitor's first load carries only the Log In link; a member's badge and Sign Out come with sign-in.
const MemberActions = lazy(async () => ({ default: (await import("./member-actions")).MemberActions }));

type AccountActionsProps = {
  user: PublicUser | null;
  /** A row beside the desktop links, or full-width buttons stacked in the mobile menu. */
  layout: "row" | "column";
  /** Called when an action leaves the page, so an open mobile menu can close. */
  onNavigate?: () => void;
};

/** Log In for visitors; for members, their badge (a link to their account) and Sign Out. */
export function AccountActions({ user, layout, onNavigate }: AccountActionsProps) {
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
    <Suspense fallback={null}>
      <MemberActions user={user} stacked={stacked} onNavigate={onNavigate} />
    </Suspense>
  );
}
