import { Button } from "@halcyon/ui/components/button";
import { cn } from "@halcyon/ui/lib/utils";

/** Under the settings: whether anything is unsaved, and the form's two actions. */
export function SettingsSaveBar({ dirty, saving, onDiscard }: { dirty: boolean; saving: boolean; onDiscard: () => void }) {
  return (
    <div
      data-surface="ink"
      // Toasts rise above it while it is pinned (see ToastViewport).
      data-pinned-bar={dirty || undefined}
      className={cn(
        "z-10 flex flex-col gap-3 rounded-2xl bg-ink-900 p-4 text-ivory-50 shadow-lifted sm:flex-row sm:items-center sm:justify-between sm:rounded-full sm:py-3 sm:pr-3 sm:pl-7",
        // Follows the admin down the page only while there is something to save.
        dirty && "sticky bottom-4",
      )}
    >
      <p className="text-sm text-ivory-200" aria-live="polite">
        {dirty ? "You have unsaved changes." : "Everything is saved."}
      </p>
      <div className="flex gap-3">
        <Button type="button" variant="outline-light" disabled={!dirty || saving} onClick={onDiscard}>
          Discard
        </Button>
        <Button type="submit" disabled={saving || !dirty}>
          {saving ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </div>
  );
}
