import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { Label } from "@halcyon/ui/components/label";
import { UserRound, X } from "lucide-react";
import { useId, useState } from "react";

import { trpc } from "../../lib/trpc";
import { displayName, ROLE_LABELS } from "./people";
import { useDebounced } from "./use-debounced";

type ActorPickerProps = {
  actorId: number | undefined;
  /** The chosen person's name when known (from the entries on screen). */
  actorLabel: string | undefined;
  onChange: (actor: { id: number; label: string } | undefined) => void;
};

/** "Person" filter of the log: search the directory by name or username, pick one. */
export function ActorPicker({ actorId, actorLabel, onChange }: ActorPickerProps) {
  const inputId = useId();
  const listId = useId();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const search = useDebounced(query.trim(), 250);
  const matches = trpc.admin.users.useQuery({ search, limit: 6 }, { enabled: open && search.length >= 2 });

  if (actorId) {
    return (
      <div className="flex flex-col gap-2">
        <span className="text-sm font-medium text-foreground">Person</span>
        <div className="flex h-12 items-center justify-between gap-2 rounded-md border border-gold-600/60 bg-gold-200/30 pr-1.5 pl-4">
          <span className="flex min-w-0 items-center gap-2 text-sm text-ink-900">
            <UserRound className="size-4 shrink-0 text-gold-700" aria-hidden="true" />
            <span className="truncate">{actorLabel ?? `Account #${actorId}`}</span>
          </span>
          <Button type="button" variant="ghost" size="icon" className="size-9" aria-label="Clear the person filter" onClick={() => onChange(undefined)}>
            <X aria-hidden="true" />
          </Button>
        </div>
      </div>
    );
  }

  const results = matches.data?.users ?? [];
  const showList = open && search.length >= 2;
  return (
    <div
      className="relative flex flex-col gap-2"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") setOpen(false);
      }}
    >
      <Label htmlFor={inputId}>Person</Label>
      <Input
        id={inputId}
        type="search"
        value={query}
        autoComplete="off"
        placeholder="Name or username"
        aria-describedby={showList ? listId : undefined}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
      />
      {showList ? (
        <div className="absolute top-full right-0 left-0 z-20 mt-1 rounded-lg border border-hairline bg-ivory-50 p-1.5 shadow-lifted">
          <p id={listId} className="sr-only">
            {matches.data ? `${results.length} matching ${results.length === 1 ? "person" : "people"} below; Tab to choose.` : ""}
          </p>
          {matches.isPending ? (
            <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
              Searching…
            </p>
          ) : results.length === 0 ? (
            <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
              No one by that name.
            </p>
          ) : (
            <ul aria-label="Matching people" className="grid">
              {results.map((user) => (
                <li key={user.id}>
                  <button
                    type="button"
                    className="flex w-full cursor-pointer items-baseline justify-between gap-3 rounded-md px-3 py-2 text-left text-sm hover:bg-ivory-200 focus-visible:bg-ivory-200 focus-visible:outline-offset-0"
                    onClick={() => {
                      onChange({ id: user.id, label: `${displayName(user)} (${user.username})` });
                      setQuery("");
                      setOpen(false);
                    }}
                  >
                    <span className="text-ink-900">{displayName(user)}</span>
                    <span className="text-xs text-muted-foreground">
                      {user.username} · {ROLE_LABELS[user.role]}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
