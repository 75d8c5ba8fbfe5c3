import { Button } from "@halcyon/ui/components/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@halcyon/ui/components/tooltip";
import { toast } from "@halcyon/ui/hooks/use-toast";
import type { LucideIcon } from "lucide-react";

type ComingSoonButtonProps = {
  icon: LucideIcon;
  /** The button's name: "Voice call". */
  label: string;
  /** The tooltip: "Voice calls are coming soon". */
  hint: string;
  /** The toast's words when someone presses it anyway. */
  explanation: string;
};

/**
 * A control the specification shows but that does nothing yet (calls, video, attachments). It says
 * so honestly: in its name ("Voice call, coming soon"), in a tooltip, and in a gentle note if pressed.
 */
export function ComingSoonButton({ icon: Icon, label, hint, explanation }: ComingSoonButtonProps) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`${label}, coming soon`}
          className="text-stone-600 hover:text-ink-900"
          onClick={() => toast({ title: "Coming soon", description: explanation })}
        >
          <Icon className="size-[1.15rem]" strokeWidth={1.6} aria-hidden="true" />
        </Button>
      </TooltipTrigger>
      <TooltipContent>{hint}</TooltipContent>
    </Tooltip>
  );
}
