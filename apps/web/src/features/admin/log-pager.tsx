import { Button } from "@halcyon/ui/components/button";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { Dispatch, SetStateAction } from "react";

/**
 * Newer and older pages of a log read newest first by key: `cursors` holds the `nextBefore` of
 * each page passed, so Newer goes back one and Older goes on from the page shown.
 */
export function LogPager<Cursor extends string | number>({
  label,
  cursors,
  setCursors,
  nextBefore,
}: {
  label: string;
  cursors: Cursor[];
  setCursors: Dispatch<SetStateAction<Cursor[]>>;
  nextBefore: Cursor | null;
}) {
  if (cursors.length === 0 && nextBefore === null) return null;
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4">
      <Button variant="outline" size="sm" disabled={cursors.length === 0} onClick={() => setCursors((stack) => stack.slice(0, -1))}>
        <ChevronLeft aria-hidden="true" />
        Newer
      </Button>
      <p className="text-sm text-muted-foreground">Page {cursors.length + 1}</p>
      <Button variant="outline" size="sm" disabled={nextBefore === null} onClick={() => nextBefore !== null && setCursors((stack) => [...stack, nextBefore])}>
        Older
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
