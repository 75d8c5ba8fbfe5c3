import { Input } from "@halcyon/ui/components/input";
import { cn } from "@halcyon/ui/lib/utils";
import { Check, Search } from "lucide-react";
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";

import { currentZoneName, matchTimeZones, supportedTimeZones } from "./time-zones";

type TimeZonePickerProps = {
  /** Given by AdminField: the id its label names, and its description and error. */
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  value: string;
  onChange: (zone: string) => void;
  disabled?: boolean;
};

/**
 * A searchable list of the IANA zones (an ARIA combobox): type part of a name, then choose with a
 * click, or with the arrow keys and Enter. Only a zone from the list can be chosen, never free text.
 */
export function TimeZonePicker({ id, value, onChange, disabled, ...aria }: TimeZonePickerProps) {
  const listId = useId();
  // A zone saved under a former name ("Asia/Calcutta") is shown, and checked, by its current one.
  const chosen = currentZoneName(value);
  const zones = useMemo(supportedTimeZones, []);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = query !== null;
  const matches = useMemo(() => (open ? matchTimeZones(zones, query) : []), [zones, query, open]);
  const optionId = (index: number) => `${listId}-${index}`;
  const optionName = (zone: string) => zone.replaceAll("_", " ");

  // The option the arrows reach stays in sight in the scrolling list.
  useEffect(() => {
    if (open) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: "nearest" });
  }, [open, active, listId]);

  const choose = (zone: string) => {
    onChange(zone);
    setQuery(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        // The whole list, from the zone chosen now.
        setQuery("");
        setActive(Math.max(zones.indexOf(chosen), 0));
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => Math.min(Math.max(current + step, 0), Math.max(matches.length - 1, 0)));
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      const zone = matches[active];
      if (zone) choose(zone);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setQuery(null);
    }
  };

  return (
    <div className="relative">
      <Search className="pointer-events-none absolute top-5 left-4 size-4 -translate-y-1/2 text-gold-700" aria-hidden="true" />
      <Input
        id={id}
        {...aria}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && matches.length > 0 ? optionId(active) : undefined}
        value={query ?? optionName(chosen)}
        placeholder="Search, e.g. New York or London"
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        className="pl-11"
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setQuery(null)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Time zones"
        hidden={!open || matches.length === 0}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-hairline bg-card p-1 shadow-soft"
      >
        {matches.map((zone, index) => (
          <li
            key={zone}
            id={optionId(index)}
            role="option"
            aria-selected={zone === chosen}
            // Chosen before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(zone);
            }}
            className={cn(
              "flex cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-2 text-sm text-ink-900",
              index === active && "bg-ivory-200",
            )}
          >
            {optionName(zone)}
            {zone === chosen ? <Check className="size-4 text-gold-700" aria-hidden="true" /> : null}
          </li>
        ))}
      </ul>
      {open && matches.length === 0 ? (
        <p
          role="status"
          className="absolute inset-x-0 top-full z-20 mt-1 rounded-lg border border-hairline bg-card px-4 py-3 text-sm text-muted-foreground shadow-soft"
        >
          No time zone matches “{query}”.
        </p>
      ) : null}
    </div>
  );
}
