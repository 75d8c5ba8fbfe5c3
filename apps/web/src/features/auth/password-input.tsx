import { Input } from "@halcyon/ui/components/input";
import { Tooltip, TooltipContent, TooltipTrigger } from "@halcyon/ui/components/tooltip";
import { Eye, EyeOff } from "lucide-react";
import { useState, type ComponentProps } from "react";

/** A password input with a quiet eye to show what was typed (long passphrases are easier to check). */
export function PasswordInput(props: Omit<ComponentProps<typeof Input>, "type">) {
  const [visible, setVisible] = useState(false);
  const label = visible ? "Hide password" : "Show password";
  return (
    <div className="relative">
      <Input type={visible ? "text" : "password"} className="pr-12" {...props} />
      <Tooltip>
        <TooltipTrigger asChild>
          <button
            type="button"
            aria-label={label}
            onClick={() => setVisible((shown) => !shown)}
            className="absolute top-1/2 right-2 inline-flex size-9 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full text-stone-600 transition-colors hover:bg-ivory-200 hover:text-ink-900"
          >
            {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
          </button>
        </TooltipTrigger>
        <TooltipContent>{label}</TooltipContent>
      </Tooltip>
    </div>
  );
}
