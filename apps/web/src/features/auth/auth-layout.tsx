import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament, Rings } from "@halcyon/ui/components/ornament";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

import { BrandEmblem } from "../../components/brand-mark";

export interface Reassurance {
  icon: LucideIcon;
  text: string;
}

interface AuthLayoutProps {
  /** The dark panel's line, shown on wide screens beside the form. */
  quote: string;
  reassurances: readonly Reassurance[];
  /** The id of the page's heading, which names its section. */
  titleId: string;
  eyebrow: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  /** The form, and anything under it. */
  children: ReactNode;
}

/** The frame of the screens that stand before a member's pages: signing in, and choosing a password of one's own. */
export function AuthLayout({ quote, reassurances, titleId, eyebrow, title, lead, children }: AuthLayoutProps) {
  return (
    <div className="relative isolate">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_32rem_at_100%_0%,var(--color-gold-200),transparent_70%)]" />
      <div className="mx-auto grid max-w-7xl gap-12 px-5 py-16 sm:px-8 md:py-24 lg:grid-cols-[0.9fr_1.1fr] lg:gap-20">
        <aside
          data-surface="ink"
          className="relative hidden overflow-hidden rounded-xl bg-ink-900 p-12 text-ivory-50 shadow-lifted lg:flex lg:flex-col lg:justify-between"
        >
          <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(28rem_22rem_at_0%_0%,var(--color-ink-700),transparent_70%)]" />
          <Rings className="absolute top-1/2 -right-24 size-96 -translate-y-1/2" />
          <div className="relative">
            <BrandEmblem className="size-14 text-gold-300" />
            <p className="mt-10 font-display text-4xl leading-snug italic">{quote}</p>
            <Ornament tone="light" className="mt-8" />
          </div>
          <ul className="relative mt-16 grid gap-6">
            {reassurances.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-4 text-sm leading-relaxed text-ivory-200">
                <Icon className="mt-0.5 size-5 shrink-0 text-gold-300" strokeWidth={1.4} aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </aside>

        <section aria-labelledby={titleId} className="mx-auto w-full max-w-xl">
          <Eyebrow>{eyebrow}</Eyebrow>
          <h1 id={titleId} className="mt-5 font-display text-5xl leading-tight text-ink-900 md:text-6xl">
            {title}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{lead}</p>
          {children}
        </section>
      </div>
    </div>
  );
}
