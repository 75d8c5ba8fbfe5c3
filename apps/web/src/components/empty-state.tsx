import { cn } from "@halcyon/ui/lib/utils";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

type EmptyStateProps = {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** A way forward, e.g. a button that books a session. */
  action?: ReactNode;
  className?: string;
};

/** A designed "nothing here yet": an emblem in a fine ring, a line of reassurance, and a way forward. */
export function EmptyState({ icon: Icon, title, children, action, className }: EmptyStateProps) {
  return (
    <div className={cn("flex flex-col items-center rounded-lg border border-dashed border-ivory-400 bg-ivory-100/60 px-6 py-10 text-center", className)}>
      <span className="flex size-12 items-center justify-center rounded-full border border-hairline bg-ivory-50 text-gold-700">
        <Icon className="size-5" strokeWidth={1.4} aria-hidden="true" />
      </span>
      <p className="mt-4 font-display text-xl text-ink-900">{title}</p>
      {children ? <div className="mt-2 max-w-sm text-sm leading-relaxed text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
