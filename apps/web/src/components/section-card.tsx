import { Card, CardContent, CardHeader } from "@halcyon/ui/components/card";
import { cn } from "@halcyon/ui/lib/utils";
import { useId, type ReactNode } from "react";

type SectionCardProps = {
  title: string;
  /** A quiet line under the title. */
  description?: ReactNode;
  /** A link or button at the header's end, e.g. "All appointments". */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A titled card of a member page: its heading is an h2, so each page reads as an outline. */
export function SectionCard({ title, description, action, className, children }: SectionCardProps) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className={cn("gap-7", className)}>
      <CardHeader className="flex-row flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div className="grid gap-1.5">
          <h2 id={id} className="font-display text-[1.7rem] leading-tight font-medium text-ink-900">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {action}
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
    </Card>
  );
}
