import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament } from "@halcyon/ui/components/ornament";
import type { ReactNode } from "react";

/** The soft light behind the numeral: written out whole, so Tailwind finds each class. */
const GLOW = {
  gold: "bg-[radial-gradient(50rem_30rem_at_50%_0%,var(--color-gold-200),transparent_70%)]",
  sage: "bg-[radial-gradient(50rem_30rem_at_50%_0%,var(--color-sage-100),transparent_70%)]",
} as const;

type StatusPageProps = {
  /** The HTTP status it stands for, set large ("404"); decorative, the heading says it in words. */
  status?: string | undefined;
  glow: keyof typeof GLOW;
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** The ways on: one or two large buttons. */
  actions: ReactNode;
};

/** A page that stands in for one the visitor cannot see (not found, not theirs): calm, with a way on. */
export function StatusPage({ status, glow, eyebrow, title, lead, actions }: StatusPageProps) {
  return (
    <section className="relative isolate flex min-h-[70vh] items-center overflow-hidden">
      <div aria-hidden="true" className={`absolute inset-0 -z-10 ${GLOW[glow]}`} />
      <div className="mx-auto flex max-w-2xl flex-col items-center px-5 py-24 text-center sm:px-8">
        {status ? (
          <p aria-hidden="true" className="mb-4 font-display text-[8rem] leading-none font-medium text-gold-600/80 italic md:text-[11rem]">
            {status}
          </p>
        ) : null}
        <Ornament />
        <Eyebrow className="mt-10">{eyebrow}</Eyebrow>
        <h1 className="mt-5 font-display text-4xl leading-tight text-ink-900 md:text-5xl">{title}</h1>
        <p className="mt-6 max-w-md text-lg leading-relaxed text-muted-foreground">{lead}</p>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row">{actions}</div>
      </div>
    </section>
  );
}
