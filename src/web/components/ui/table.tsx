import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    // `relative`: what is positioned inside the table (visually hidden labels) scrolls with it
    // instead of reaching past the window and widening the page.
    <div className="relative w-full overflow-x-auto">
      <table className={cn("w-full caption-bottom border-collapse text-sm", className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<"thead">) {
  return <thead className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return <tbody className={cn("[&_tr:last-child]:border-0", className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<"tr">) {
  return <tr className={cn("border-b transition-colors hover:bg-muted/50", className)} {...props} />;
}

export function TableHead({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      className={cn("h-10 px-3 text-left align-middle font-medium text-muted-foreground", className)}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<"td">) {
  return <td className={cn("px-3 py-3 align-middle", className)} {...props} />;
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return <caption className={cn("mt-3 text-sm text-muted-foreground", className)} {...props} />;
}

/** The header of a row-actions column: right-aligned, named "Actions" for screen readers only. */
export function TableActionsHead() {
  return (
    <TableHead scope="col" className="text-right">
      <span className="sr-only">Actions</span>
    </TableHead>
  );
}

/** A table's header row: one column header per name, then the actions column's when `actions`. */
export function TableColumnsHeader({ columns, actions = false }: { columns: string[]; actions?: boolean }) {
  return (
    <TableHeader>
      <TableRow>
        {columns.map((column) => (
          <TableHead key={column} scope="col">
            {column}
          </TableHead>
        ))}
        {actions ? <TableActionsHead /> : null}
      </TableRow>
    </TableHeader>
  );
}
