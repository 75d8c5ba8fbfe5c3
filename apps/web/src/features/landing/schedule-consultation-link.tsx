import { Button, type ButtonProps } from "@halcyon/ui/components/button";
import { ArrowRight } from "lucide-react";

import { SERVER_LOGIN_PATH } from "../../lib/navigation";

/**
 * The landing page's call to action. A real link to the server's sign-in entry (a full page load,
 * as the specification asks): it works before the app's code has loaded and can be opened in a new tab.
 */
export function ScheduleConsultationLink({ variant, size = "lg", className }: Pick<ButtonProps, "variant" | "size" | "className">) {
  return (
    <Button asChild variant={variant} size={size} className={className}>
      <a href={SERVER_LOGIN_PATH}>
        Schedule Consultation
        <ArrowRight aria-hidden="true" />
      </a>
    </Button>
  );
}
