import { cn } from "@halcyon/ui/lib/utils";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router-dom";

import type { NavigationItem } from "./navigation-items";

type NavigationLinksProps = {
  items: NavigationItem[];
  layout: "row" | "column";
  onNavigate?: () => void;
  /** Shown after an item's label, by the item's path: the unread count beside Messages. */
  extras?: Partial<Record<string, ReactNode>>;
};

const linkStyles = {
  row: "relative inline-flex items-center gap-2 py-2 text-sm font-medium tracking-wide text-ink-800 transition-colors hover:text-gold-700 after:absolute after:inset-x-0 after:-bottom-0.5 after:h-px after:origin-left after:scale-x-0 after:bg-gold-600 after:transition-transform after:duration-500 hover:after:scale-x-100 aria-[current=page]:text-gold-700 aria-[current=page]:after:scale-x-100",
  column: "flex items-center justify-between border-b border-ivory-300 py-4 font-display text-2xl text-ink-900 aria-[current=page]:text-gold-700",
};

/** The navbar's links; landing-page sections are plain links, pages mark themselves current. */
export function NavigationLinks({ items, layout, onNavigate, extras }: NavigationLinksProps) {
  return (
    <ul className={cn(layout === "row" ? "flex items-center gap-9" : "flex flex-col")}>
      {items.map((item) => (
        <li key={item.to}>
          {item.isSection ? (
            <Link to={item.to} className={linkStyles[layout]} onClick={onNavigate}>
              {item.label}
            </Link>
          ) : (
            <NavLink to={item.to} className={linkStyles[layout]} onClick={onNavigate}>
              {item.label}
              {extras?.[item.to]}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}
