import { cn } from "@halcyon/ui/lib/utils";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

type FloatingNoticeProps = {
  /** The landmark's name: "A notice for you". */
  label: string;
  icon: LucideIcon;
  title: string;
  body: ReactNode;
  /** Its buttons: the way forward, then "not now". */
  actions: ReactNode;
  /** Floating over the page's foot (nothing on the page moves when it arrives), or in the page's flow, above its content. */
  placement?: "floating" | "inline";
  className?: string;
};

/** A notice card with an icon, a title, a few words and its buttons. */
export function FloatingNotice({ label, icon: Icon, title, body, actions, placement = "floating", className }: FloatingNoticeProps) {
  return (
    <aside
      aria-label={label}
      className={cn(
        "animate-rise rounded-xl border border-hairline bg-card p-5 shadow-lifted sm:p-6",
        placement === "floating" ? "fixed inset-x-3 bottom-3 z-40 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:max-w-md" : "mx-5 mt-6 sm:mx-auto sm:max-w-2xl",
        className,
      )}
    >
      <div className="flex gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gold-200/60 text-gold-800">
          <Icon className="size-5" strokeWidth={1.4} aria-hidden="true" />
        </span>
        <div className="grid gap-2">
          <h2 className="font-display text-xl leading-snug text-ink-900">{title}</h2>
          <div className="text-sm leading-relaxed text-muted-foreground">{body}</div>
          <div className="mt-2 flex flex-wrap gap-3">{actions}</div>
        </div>
      </div>
    </aside>
  );
}
