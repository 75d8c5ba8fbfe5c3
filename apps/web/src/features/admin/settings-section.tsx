import type { ReactNode } from "react";

/** One titled part of System Settings: its heading and a line beside, its fields after. */
export function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="grid gap-8 rounded-xl border border-hairline bg-card p-6 shadow-soft sm:p-9 lg:grid-cols-[15rem_1fr] lg:gap-12">
      <div>
        <h2 id={id} className="font-display text-2xl text-ink-900">
          {title}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
      </div>
      <div className="grid min-w-0 gap-6">{children}</div>
    </section>
  );
}
