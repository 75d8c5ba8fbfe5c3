import { Button } from "@halcyon/ui/components/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@halcyon/ui/components/dropdown-menu";
import { ChevronDown, PenLine } from "lucide-react";

import { headingName, type Partner } from "./partner";
import { PartnerAvatar } from "./partner-avatar";

type NewConversationMenuProps = {
  /** The button's words: patients get the specification's "Start new conversation". */
  label: string;
  /** The list's heading: "Our doctors", "Your patients". */
  heading: string;
  people: Partner[] | undefined;
  /** Whether the people are doctors, named as the rest of the chat names them ("Dr. Eleanor Vance"). */
  peopleAreDoctors: boolean;
  status: "pending" | "error" | "success";
  /** Said in the list when there is nobody to write to. */
  nobody: string;
  onChoose: (partnerId: number) => void;
  /** Told when the list opens, so its people can be read only when wanted. */
  onOpenChange?: (open: boolean) => void;
};

/** A dropdown of the people the member may write to; choosing one opens that conversation. */
export function NewConversationMenu({ label, heading, people, peopleAreDoctors, status, nobody, onChoose, onOpenChange }: NewConversationMenuProps) {
  return (
    // Not modal: the page behind stays as it is for assistive technology (no aria-hidden over focusable content).
    <DropdownMenu modal={false} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="w-full justify-between px-4">
          <span className="inline-flex items-center gap-2">
            <PenLine className="text-gold-700" aria-hidden="true" />
            {label}
          </span>
          <ChevronDown className="text-stone-600" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-[17rem]">
        <DropdownMenuLabel>{heading}</DropdownMenuLabel>
        {status === "pending" && (
          <DropdownMenuItem disabled>
            <span role="status">Loading…</span>
          </DropdownMenuItem>
        )}
        {status === "error" && <DropdownMenuItem disabled>The list did not load. Please try again shortly.</DropdownMenuItem>}
        {status === "success" && (people ?? []).length === 0 && <DropdownMenuItem disabled>{nobody}</DropdownMenuItem>}
        {people?.map((person) => (
          <DropdownMenuItem key={person.id} onSelect={() => onChoose(person.id)}>
            <PartnerAvatar partner={person} className="size-8 [&_[data-slot=avatar-fallback]]:text-xs" />
            <span className="grid">
              <span className="font-medium">{headingName(person, peopleAreDoctors)}</span>
              {person.detail && <span className="text-xs text-stone-600">{person.detail}</span>}
            </span>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
