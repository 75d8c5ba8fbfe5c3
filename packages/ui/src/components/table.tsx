import type { ComponentProps } from "react";

import { cn } from "../lib/utils";

type TableProps = ComponentProps<"table"> & {
  /**
   * Below 768 px each row becomes a card of its own, every cell led by its column's name (give
   * cells a `label`). Wide tables stay tables on desktops and stay readable on phones.
   */
  stackOnMobile?: boolean;
};

function Table({ className, stackOnMobile = false, ...props }: TableProps) {
  return (
    <div data-slot="table-container" data-stack={stackOnMobile || undefined} className="group/table relative w-full overflow-x-auto">
      <table data-slot="table" className={cn("w-full caption-bottom border-collapse text-sm max-md:group-data-[stack]/table:block", className)} {...props} />
    </div>
  );
}

function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return (
    <thead data-slot="table-header" className={cn("[&_tr]:border-b [&_tr]:border-hairline max-md:group-data-[stack]/table:sr-only", className)} {...props} />
  );
}

function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return (
    <tbody
      data-slot="table-body"
      className={cn("[&_tr:last-child]:border-0 max-md:group-data-[stack]/table:grid max-md:group-data-[stack]/table:gap-4", className)}
      {...props}
    />
  );
}

function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        "border-b border-ivory-300 transition-colors hover:bg-ivory-100/70 data-[state=selected]:bg-ivory-200",
        "max-md:group-data-[stack]/table:grid max-md:group-data-[stack]/table:gap-1 max-md:group-data-[stack]/table:rounded-xl max-md:group-data-[stack]/table:border max-md:group-data-[stack]/table:border-hairline max-md:group-data-[stack]/table:bg-card max-md:group-data-[stack]/table:p-5 max-md:group-data-[stack]/table:shadow-soft max-md:group-data-[stack]/table:hover:bg-card",
        className,
      )}
      {...props}
    />
  );
}

function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        "h-12 px-4 text-left align-middle text-[0.7rem] font-semibold tracking-[0.2em] whitespace-nowrap text-gold-700 uppercase first:pl-0 last:pr-0",
        className,
      )}
      {...props}
    />
  );
}

type TableCellProps = ComponentProps<"td"> & {
  /** The column's name, shown before the value when the row is a card (narrow screens). */
  label?: string;
};

function TableCell({ className, label, ...props }: TableCellProps) {
  return (
    <td
      data-slot="table-cell"
      data-label={label}
      className={cn(
        "px-4 py-4 align-middle first:pl-0 last:pr-0",
        "max-md:group-data-[stack]/table:flex max-md:group-data-[stack]/table:min-w-0 max-md:group-data-[stack]/table:items-baseline max-md:group-data-[stack]/table:justify-between max-md:group-data-[stack]/table:gap-4 max-md:group-data-[stack]/table:px-0 max-md:group-data-[stack]/table:py-1 max-md:group-data-[stack]/table:text-right",
        label &&
          "max-md:group-data-[stack]/table:before:shrink-0 max-md:group-data-[stack]/table:before:text-left max-md:group-data-[stack]/table:before:text-xs max-md:group-data-[stack]/table:before:font-medium max-md:group-data-[stack]/table:before:tracking-wide max-md:group-data-[stack]/table:before:text-muted-foreground max-md:group-data-[stack]/table:before:content-[attr(data-label)]",
        className,
      )}
      {...props}
    />
  );
}

function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption data-slot="table-caption" className={cn("mt-4 text-sm text-muted-foreground", className)} {...props} />;
}

export { Table, TableHeader, TableBody, TableRow, TableHead, TableCell, TableCaption };
