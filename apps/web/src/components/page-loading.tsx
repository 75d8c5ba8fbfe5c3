import { BrandEmblem } from "./brand-mark";

/** What a page shows while it waits for the signed-in user or its code: a quiet, breathing emblem. */
export function PageLoading({ label = "Loading" }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[60vh] items-center justify-center">
      <BrandEmblem className="size-12 animate-pulse text-gold-600" />
      <span className="sr-only">{label}…</span>
    </div>
  );
}
