import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament, Rings } from "@halcyon/ui/components/ornament";
import type { Ref } from "react";

const PRINCIPLES = [
  { title: "Grounded in evidence", text: "Every approach we offer is one the research supports, measured by how you feel over time." },
  { title: "Never hurried", text: "Every session is a full sixty minutes, and first meetings are never rushed." },
  { title: "Discreet by design", text: "Private rooms, a quiet entrance, and records that stay within these walls." },
];

/** `ref` lets the hero's Learn More bring this section into view and move focus to it. */
export function AboutSection({ ref }: { ref: Ref<HTMLElement> }) {
  return (
    <section id="about" ref={ref} tabIndex={-1} aria-labelledby="about-title" className="scroll-mt-20 py-24 outline-none md:py-32">
      <div className="mx-auto grid max-w-7xl items-center gap-14 px-5 sm:px-8 lg:grid-cols-2 lg:gap-24">
        <figure data-surface="ink" className="relative overflow-hidden rounded-xl bg-ink-900 px-8 py-14 text-ivory-50 shadow-lifted sm:px-14 sm:py-20">
          <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(32rem_24rem_at_100%_0%,var(--color-ink-700),transparent_70%)]" />
          <Rings className="absolute -right-16 -bottom-16 size-72" />
          <blockquote className="relative font-display text-3xl leading-snug italic sm:text-4xl">
            “Healing is rarely hurried. Our work is to make room for it, and to keep that room quiet.”
          </blockquote>
          <figcaption className="relative mt-10 flex flex-col gap-1">
            <Ornament tone="light" className="mb-6 w-32" />
            <span className="font-medium text-ivory-50">Dr. Helena Whitfield</span>
            <span className="text-sm text-gold-300">Founder & Clinical Director</span>
          </figcaption>
        </figure>

        <div>
          <Eyebrow>About Halcyon</Eyebrow>
          <h2 id="about-title" className="mt-5 font-display text-4xl leading-tight text-ink-900 md:text-5xl">
            A private practice, designed around stillness
          </h2>
          <p className="mt-6 text-lg leading-relaxed text-muted-foreground">
            We founded Halcyon on a simple belief: that people do their best healing when they feel unhurried, unjudged and entirely at ease. So we built a
            practice that feels less like a clinic and more like a retreat, with the clinical rigour you would expect of the very best.
          </p>
          <dl className="mt-12 grid gap-8">
            {PRINCIPLES.map(({ title, text }) => (
              <div key={title} className="grid gap-2 border-l border-hairline pl-6">
                <dt className="font-display text-2xl text-ink-900">{title}</dt>
                <dd className="leading-relaxed text-muted-foreground">{text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
