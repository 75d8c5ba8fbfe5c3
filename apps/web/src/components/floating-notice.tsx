import { cn } from "@halcyon/ui/lib/utils";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

type FloatingNoticeProps = {
  /** The landmark's name: "A notice for you". */
  label: string;
  icon: LucideIcon;
  title: string;
  body: string;
  /** Its buttons: the way forward, then "not now". */
  actions: ReactNode;
  className?: string;
};

/** A card floating over the page's foot, so nothing on the page moves when it arrives. */
export function FloatingNotice({ label, icon: Icon, title, body, actions, className }: FloatingNoticeProps) {
  return (
    <aside
      aria-label={label}
      className={cn(
        "fixed inset-x-3 bottom-3 z-40 animate-rise rounded-xl border border-hairline bg-card p-5 shadow-lifted sm:inset-x-auto sm:right-6 sm:bottom-6 sm:max-w-md sm:p-6",
        className,
      )}
    >
      <div className="flex gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-gold-200/60 text-gold-800">
          <Icon className="size-5" strokeWidth={1.4} aria-hidden="true" />
        </span>
        <div className="grid gap-2">
          <h2 className="font-display text-xl leading-snug text-ink-900">{title}</h2>
          <p className="text-sm leading-relaxed text-muted-foreground">{body}</p>
          <div className="mt-2 flex flex-wrap gap-3">{actions}</div>
        </div>
      </div>
    </aside>
  );
}
