import { Button } from "@halcyon/ui/components/button";
import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament } from "@halcyon/ui/components/ornament";
import { Link } from "react-router-dom";

import { ScheduleConsultationLink } from "./schedule-consultation-link";

export function CallToActionSection() {
  return (
    <section aria-labelledby="cta-title" data-surface="ink" className="relative isolate overflow-hidden bg-ink-900 py-24 text-ivory-50 md:py-32">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_28rem_at_50%_-10%,var(--color-ink-700),transparent_70%)]" />
      <div className="mx-auto flex max-w-3xl flex-col items-center px-5 text-center sm:px-8">
        <Ornament tone="light" />
        <Eyebrow tone="light" className="mt-8">
          Begin
        </Eyebrow>
        <h2 id="cta-title" className="mt-5 font-display text-4xl leading-tight md:text-6xl">
          Your first conversation is simply a conversation.
        </h2>
        <p className="mt-6 max-w-xl text-lg leading-relaxed text-ivory-300">
          A complimentary consultation to understand what you need, and who at Halcyon is best placed to help. No forms to fill in first, no obligation after.
        </p>
        <div className="mt-10 flex flex-col items-center gap-4 sm:flex-row">
          <ScheduleConsultationLink />
          <Button asChild variant="outline-light" size="lg">
            <Link to="/team">Meet the team</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
