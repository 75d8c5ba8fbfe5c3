import { TableCell } from "@halcyon/ui/components/table";
import { cn } from "@halcyon/ui/lib/utils";

/** An amount in a money table: its figures aligned (tabular), a dash where there is none. */
export function MoneyCell({
  label,
  minor,
  money,
  className,
}: {
  label: string;
  minor: number | null | undefined;
  money: (minor: number) => string;
  className?: string;
}) {
  return (
    <TableCell label={label} className={cn("tabular-nums", className)}>
      {minor === null || minor === undefined ? "—" : money(minor)}
    </TableCell>
  );
}
