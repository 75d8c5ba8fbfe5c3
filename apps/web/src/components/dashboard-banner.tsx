import { cn } from "@halcyon/ui/lib/utils";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

type DashboardBannerProps = {
  icon?: LucideIcon;
  /** gold: something to do; rose: someone may be at risk. */
  tone?: "gold" | "rose";
  /** A small line above the title: "Needs attention". */
  eyebrow?: string;
  title: ReactNode;
  detail: ReactNode;
  /** The one way forward: a button or a link. */
  action: ReactNode;
  "data-testid"?: string;
};

/** A row at the top of a dashboard that asks for something now: what, a line more, and the way to it. */
export function DashboardBanner({ icon: Icon, tone = "gold", eyebrow, title, detail, action, ...rest }: DashboardBannerProps) {
  return (
    <div
      {...rest}
      className={cn(
        "flex flex-col gap-4 rounded-2xl border p-6 shadow-soft sm:flex-row sm:items-center sm:justify-between",
        tone === "rose" ? "border-rose-700/40 bg-rose-50" : "border-gold-400 bg-ivory-50",
      )}
    >
      <div className="flex items-start gap-4">
        {Icon && <Icon className={cn("mt-1 size-6 shrink-0", tone === "rose" ? "text-rose-700" : "text-gold-700")} aria-hidden="true" />}
        <div className="grid gap-1">
          {eyebrow && <p className="text-xs font-semibold tracking-[0.2em] text-rose-700 uppercase">{eyebrow}</p>}
          <p className="font-display text-2xl text-ink-900">{title}</p>
          <p className={cn("text-sm", tone === "rose" ? "text-stone-700" : "text-muted-foreground")}>{detail}</p>
        </div>
      </div>
      {action}
    </div>
  );
}
