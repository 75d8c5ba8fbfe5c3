import { cn } from "@halcyon/ui/lib/utils";
import { useEffect, useState } from "react";

import { BrandEmblem } from "../../components/brand-mark";
import { SPLASH_FADE_MS, SPLASH_VISIBLE_MS } from "../../lib/timing";

type SplashPhase = "visible" | "fading" | "gone";

// The splash greets a visitor once per page load; coming back to the landing page from elsewhere in
// the app should not make them wait again.
let shownThisPageLoad = false;

/** The opening curtain: visible 2 s, then a 1 s fade, then removed from the page entirely. */
export function SplashScreen() {
  const [phase, setPhase] = useState<SplashPhase>(() => (shownThisPageLoad ? "gone" : "visible"));

  // Each phase schedules the next when it begins, so a late timer on a busy machine delays the fade
  // but never shortens it.
  useEffect(() => {
    if (phase === "gone") return;
    shownThisPageLoad = true;
    const next = setTimeout(() => setPhase(phase === "visible" ? "fading" : "gone"), phase === "visible" ? SPLASH_VISIBLE_MS : SPLASH_FADE_MS);
    return () => clearTimeout(next);
  }, [phase]);

  if (phase === "gone") return null;

  return (
    <div
      data-testid="splash"
      data-phase={phase}
      data-surface="ink"
      aria-hidden="true"
      className={cn(
        "fixed inset-0 z-[60] flex flex-col items-center justify-center bg-ink-950 transition-opacity ease-in-out",
        "bg-[radial-gradient(40rem_28rem_at_50%_45%,var(--color-ink-800),transparent_70%)]",
        phase === "fading" && "pointer-events-none opacity-0",
      )}
      style={{ transitionDuration: `${SPLASH_FADE_MS}ms` }}
    >
      <BrandEmblem className="size-20 animate-[fade-in_1200ms_ease-out_both] text-gold-300" />
      <p className="mt-8 animate-[rise_1200ms_var(--ease-gentle)_200ms_both] pl-[0.4em] font-display text-4xl font-medium tracking-[0.4em] text-ivory-50 uppercase">
        {/* The tracking trails the last letter; the padding puts the word back on centre. */}
        Halcyon
      </p>
      <span className="mt-6 h-px w-40 origin-center animate-[grow_1600ms_var(--ease-gentle)_400ms_both] bg-gold-400/70" />
      <p className="mt-6 animate-[fade-in_1200ms_ease-out_700ms_both] font-display text-xl text-gold-200 italic">Mental wellness, privately</p>
    </div>
  );
}
