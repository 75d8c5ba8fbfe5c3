import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

type StatCardProps = {
  label: string;
  value: ReactNode;
  /** A short line under the figure: what it counts, or its unit. */
  caption: string;
  icon: LucideIcon;
  /** Where the figure leads, if anywhere. */
  to?: string;
};

/** One of the dashboard's few figures: a label, a large serif number and a quiet caption. */
export function StatCard({ label, value, caption, icon: Icon, to }: StatCardProps) {
  // Phones: a compact row (words left, figure right); wider: a tile with the figure large.
  const body = (
    <>
      <div className="flex min-w-0 flex-col gap-1 sm:contents">
        <div className="flex items-start justify-between gap-4 sm:order-1">
          <p className="text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">{label}</p>
          <span className="hidden size-9 shrink-0 items-center justify-center rounded-full border border-hairline bg-ivory-100 text-gold-700 sm:flex">
            <Icon className="size-4" strokeWidth={1.5} aria-hidden="true" />
          </span>
        </div>
        <p className="text-sm text-muted-foreground sm:order-3 sm:mt-3">{caption}</p>
      </div>
      <p className="shrink-0 font-display text-4xl leading-none text-ink-900 tabular-nums sm:order-2 sm:mt-3 sm:text-5xl">{value}</p>
    </>
  );
  const frame =
    "relative flex items-center justify-between gap-4 rounded-xl border border-hairline bg-card p-5 shadow-soft sm:flex-col sm:items-stretch sm:justify-start sm:gap-0 sm:p-6";
  return to ? (
    <Link to={to} data-stat={label} className={`${frame} transition-[transform,box-shadow] duration-500 ease-out hover:-translate-y-0.5 hover:shadow-lifted`}>
      {body}
    </Link>
  ) : (
    <div data-stat={label} className={frame}>
      {body}
    </div>
  );
}
