import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament } from "@halcyon/ui/components/ornament";
import type { ReactNode } from "react";
import { Wash } from "./wash";

type MemberPageProps = {
  eyebrow: string;
  /** The page's one h1: a greeting or the page's name. */
  title: ReactNode;
  /** A sentence or two under the heading, in the concierge's voice. */
  lead?: ReactNode;
  /** The page's main actions, beside the heading on wide screens and under it on phones. */
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of a signed-in member's page: a warm wash, the heading with its eyebrow, then the content. */
export function MemberPage({ eyebrow, title, lead, actions, children }: MemberPageProps) {
  return (
    <section className="relative isolate">
      <Wash className="inset-x-0 top-0 h-[36rem] bg-[radial-gradient(60rem_28rem_at_90%_-10%,var(--color-gold-200),transparent_70%),radial-gradient(40rem_22rem_at_-10%_40%,var(--color-sage-100),transparent_70%)]" />
      <div className="mx-auto max-w-7xl px-5 pt-12 pb-24 sm:px-8 md:pt-16">
        <header className="flex animate-rise flex-col gap-8 lg:flex-row lg:items-end lg:justify-between">
          <div className="max-w-3xl">
            <Eyebrow>{eyebrow}</Eyebrow>
            <h1 className="mt-5 font-display text-[2.75rem] leading-[1.05] text-ink-900 sm:text-5xl md:text-6xl">{title}</h1>
            {lead ? <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">{lead}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
        </header>
        <Ornament className="mt-10 animate-rise [animation-delay:100ms]" />
        <div className="mt-10 animate-rise [animation-delay:150ms] md:mt-12">{children}</div>
      </div>
    </section>
  );
}
