import { toast } from "@halcyon/ui/hooks/use-toast";
import type { LucideIcon } from "lucide-react";

import { HeaderIconButton } from "./header-icon-button";

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
export function ComingSoonButton({ icon, label, hint, explanation }: ComingSoonButtonProps) {
  return (
    <HeaderIconButton icon={icon} label={`${label}, coming soon`} tooltip={hint} onClick={() => toast({ title: "Coming soon", description: explanation })} />
  );
}
