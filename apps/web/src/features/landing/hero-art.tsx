import { cn } from "@halcyon/ui/lib/utils";

// A file of its own, not inlined: the drawing is fetched beside the page's code, not parsed as part of it.
import heroArtUrl from "./hero-art.svg?no-inline";

/**
 * An arched window onto a still sea at dusk: the halcyon days of the legend, when the sea lies
 * calm. Drawn in SVG so it is crisp at any size and needs no image from anywhere else.
 */
export function HeroArt({ className }: { className?: string }) {
  return (
    <img
      src={heroArtUrl}
      width={480}
      height={600}
      alt="An arched window onto a calm sea at dusk, a golden sun low over the water"
      className={cn("h-auto w-full", className)}
    />
  );
}
