import { Button } from "@halcyon/ui/components/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@halcyon/ui/components/tooltip";
import type { LucideIcon } from "lucide-react";

type HeaderIconButtonProps = {
  icon: LucideIcon;
  /** The button's accessible name. */
  label: string;
  tooltip: string;
  onClick: () => void;
  disabled?: boolean;
};

/** A quiet round button of the chat (call, video, attach), named, with a tooltip. */
export function HeaderIconButton({ icon: Icon, label, tooltip, onClick, disabled = false }: HeaderIconButtonProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={label}
          disabled={disabled}
          className="text-stone-600 hover:text-ink-900"
          onClick={onClick}
        >
          <Icon className="size-[1.15rem]" strokeWidth={1.6} aria-hidden="true" />
        </Button>
      </TooltipTrigger>
      <TooltipContent>{tooltip}</TooltipContent>
    </Tooltip>
  );
}
