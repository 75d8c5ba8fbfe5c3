import { Button } from "@halcyon/ui/components/button";
import { Eyebrow } from "@halcyon/ui/components/eyebrow";

import { Wash } from "../../components/wash";
import { HeroArt } from "./hero-art";
import { ScheduleConsultationLink } from "./schedule-consultation-link";

const ASSURANCES = ["Senior, licensed clinicians", "Weekday sessions, booked online", "Held in strict confidence"];

export function HeroSection({ onLearnMore }: { onLearnMore: () => void }) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate">
      <Wash className="inset-0 bg-[radial-gradient(70rem_40rem_at_90%_0%,var(--color-gold-200),transparent_65%),radial-gradient(50rem_30rem_at_0%_100%,var(--color-sage-100),transparent_70%)]" />
      <div className="mx-auto grid max-w-7xl items-center gap-16 px-5 pt-14 pb-24 sm:px-8 md:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:gap-20 lg:pt-16 lg:pb-32">
        <div className="animate-rise">
          <Eyebrow>Private practice · Mental wellness</Eyebrow>
          <h1 id="hero-title" className="mt-6 font-display text-[3.25rem] leading-[0.98] font-medium text-ink-900 sm:text-7xl lg:text-[5.5rem]">
            A quieter place to <em className="font-normal text-gold-700">begin again.</em>
          </h1>
          <p className="mt-8 max-w-xl text-lg leading-relaxed text-muted-foreground">
            Halcyon is a private practice for the mind: unhurried sessions with senior clinicians, care grounded in evidence, and rooms designed for ease.
            Everything shared here is held in confidence.
          </p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row sm:items-center">
            <ScheduleConsultationLink />
            <Button variant="outline" size="lg" onClick={onLearnMore}>
              Learn More
            </Button>
          </div>
          <ul className="mt-12 flex flex-col gap-3 text-sm text-ink-700 sm:flex-row sm:flex-wrap sm:gap-x-8">
            {ASSURANCES.map((assurance) => (
              <li key={assurance} className="flex items-center gap-3">
                <span aria-hidden="true" className="size-1.5 rotate-45 bg-gold-600" />
                {assurance}
              </li>
            ))}
          </ul>
        </div>
        <div className="mx-auto w-full max-w-sm animate-rise [animation-delay:200ms] sm:max-w-md lg:max-w-none">
          <HeroArt className="drop-shadow-[0_40px_60px_rgb(11_18_32/0.25)]" />
        </div>
      </div>
    </section>
  );
}
