import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament } from "@halcyon/ui/components/ornament";

import { Wash } from "../../components/wash";
import { pageTitle } from "../../lib/clinic";
import { useDocumentTitle } from "../../lib/use-document-title";
import { BookableClinicians } from "./bookable-clinicians";
import { MonogramPortrait } from "./monogram-portrait";
import { STAFF } from "./staff";

export function TeamPage() {
  useDocumentTitle(pageTitle("Our team"));
  return (
    <div className="relative isolate">
      <Wash className="inset-x-0 top-0 h-[36rem] bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--color-gold-200),transparent_70%)]" />
      <header className="mx-auto max-w-3xl px-5 pt-20 text-center sm:px-8 md:pt-28">
        <Eyebrow>Our team</Eyebrow>
        <h1 className="mt-6 font-display text-5xl leading-[1.05] text-ink-900 md:text-7xl">The people who keep the room quiet</h1>
        <p className="mx-auto mt-8 max-w-2xl text-lg leading-relaxed text-muted-foreground">
          Halcyon is led by clinicians and caretakers who share one conviction: that the best care is unhurried, evidence-based and entirely discreet.
        </p>
        <Ornament className="mx-auto mt-10" />
      </header>

      {/* Each member spans four rows of a subgrid, so titles, names and biographies line up across a row. */}
      <ul className="mx-auto grid max-w-7xl gap-x-8 px-5 pt-20 pb-4 sm:grid-cols-2 sm:px-8 md:pt-28 md:pb-12 xl:grid-cols-4">
        {STAFF.map((member, index) => (
          <li key={member.lastName} className="row-span-4 grid animate-rise grid-rows-subgrid pb-16" style={{ animationDelay: `${index * 120}ms` }}>
            <article className="row-span-4 grid grid-rows-subgrid">
              <div className="mx-auto w-full max-w-72 drop-shadow-[0_24px_40px_rgb(11_18_32/0.18)]">
                <MonogramPortrait member={member} />
              </div>
              <p className="mt-8 text-xs font-semibold tracking-[0.22em] text-gold-700 uppercase">{member.title}</p>
              <h2 className="mt-3 font-display text-3xl leading-tight text-ink-900">{member.displayName}</h2>
              <p className="mt-4 leading-relaxed text-muted-foreground">{member.bio}</p>
            </article>
          </li>
        ))}
      </ul>
      <BookableClinicians />
    </div>
  );
}
