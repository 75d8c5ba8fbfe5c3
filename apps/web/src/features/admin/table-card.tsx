import { Table, TableBody, TableHead, TableHeader, TableRow } from "@halcyon/ui/components/table";
import type { ReactNode } from "react";

/** A column of an administration table; `hidden` names it for screen readers only (an actions column). */
export type TableColumn = string | { label: string; hidden: true };

/** An administration list: a card on wide screens (rows stack on phones), its column headings, then its rows. */
export function TableCard({ label, columns, children }: { label: string; columns: TableColumn[]; children: ReactNode }) {
  return (
    <div className="rounded-xl md:border md:border-hairline md:bg-card md:px-6 md:shadow-soft">
      <Table stackOnMobile aria-label={label}>
        <TableHeader>
          <TableRow>
            {columns.map((column) =>
              typeof column === "string" ? (
                <TableHead key={column}>{column}</TableHead>
              ) : (
                <TableHead key={column.label} className="text-right">
                  <span className="sr-only">{column.label}</span>
                </TableHead>
              ),
            )}
          </TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}
