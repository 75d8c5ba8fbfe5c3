import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { cn } from "@halcyon/ui/lib/utils";
import type { ReactNode } from "react";
import { NavLink } from "react-router-dom";

import { Wash } from "../../components/wash";
import { pageTitle } from "../../lib/clinic";
import { useDocumentTitle } from "../../lib/use-document-title";

const SECTIONS = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/users", label: "Users", end: false },
  { to: "/admin/doctors", label: "Doctors", end: false },
  { to: "/admin/logs", label: "System log", end: false },
  { to: "/admin/delivery-log", label: "Delivery log", end: false },
  { to: "/admin/billing", label: "Billing", end: true },
  { to: "/admin/billing/services", label: "Services", end: false },
  { to: "/admin/settings", label: "Settings", end: false },
];

/** The administration's own sections, under the site's navbar; on a phone they wrap, never cut off. */
function AdminNav() {
  return (
    <nav aria-label="Administration">
      <ul className="flex flex-wrap gap-x-1 border-b border-ivory-300 max-sm:gap-x-0">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                cn(
                  "relative -mb-px inline-flex h-11 items-center border-b-2 px-3 text-sm font-medium sm:px-4 tracking-wide transition-colors duration-300",
                  isActive ? "border-gold-600 text-ink-900" : "border-transparent text-stone-600 hover:border-gold-300 hover:text-ink-900",
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type AdminShellProps = {
  /** The tab's title and the small capitals above the heading. */
  section: string;
  title: ReactNode;
  lead?: ReactNode;
  /** Actions beside the heading (an "Add" button, an export link). */
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of every administration screen: its sections, a heading in the house voice, then the work. */
export function AdminShell({ section, title, lead, actions, children }: AdminShellProps) {
  useDocumentTitle(pageTitle(section));
  return (
    <section className="relative isolate">
      <Wash className="inset-x-0 top-0 h-[28rem] bg-[radial-gradient(60rem_26rem_at_90%_-20%,var(--color-gold-200),transparent_70%)]" />
      <div className="mx-auto max-w-7xl px-5 pt-8 pb-24 sm:px-8 md:pt-10">
        <AdminNav />
        <header className="mt-10 flex flex-col gap-6 md:mt-14 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl animate-rise">
            <Eyebrow>{section}</Eyebrow>
            <h1 className="mt-4 font-display text-4xl leading-[1.08] text-ink-900 md:text-5xl">{title}</h1>
            {lead ? <p className="mt-4 text-base leading-relaxed text-muted-foreground md:text-lg">{lead}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-3 md:justify-end">{actions}</div> : null}
        </header>
        <div className="mt-10 md:mt-12">{children}</div>
      </div>
    </section>
  );
}

/** A designed empty state: an ornament, a line in the house voice, and what to do next. */
export function EmptyState({ title, children, action, className }: { title: string; children?: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div className={cn("flex flex-col items-center rounded-xl border border-dashed border-hairline bg-ivory-50/70 px-6 py-14 text-center", className)}>
      <svg viewBox="0 0 48 48" className="size-10 text-gold-600" fill="none" aria-hidden="true" focusable="false">
        <circle cx="24" cy="24" r="22" stroke="currentColor" strokeWidth="0.8" />
        <path d="M12 28c4-3.4 8-3.4 12 0s8 3.4 12 0" stroke="currentColor" strokeWidth="1" strokeLinecap="round" />
        <circle cx="24" cy="18" r="3" stroke="currentColor" strokeWidth="0.9" />
      </svg>
      <p className="mt-5 font-display text-2xl text-ink-900">{title}</p>
      {children ? <div className="mt-2 max-w-md text-sm leading-relaxed text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
