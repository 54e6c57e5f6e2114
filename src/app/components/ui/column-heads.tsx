import { cn } from '~/app/components/ui/cn';

/** A column's heading: its words, or with classes of its own (a right-aligned figure) or read only aloud. */
export type Column = string | { label: string; className?: string; srOnly?: boolean };

/**
 * A table's row of column headings (`scope="col"`, so each cell is read with its heading): every
 * heading takes the table's `cell` classes, then its own.
 */
export function ColumnHeads({
  columns,
  cell,
  className,
}: {
  columns: Column[];
  cell: string;
  className?: string;
}) {
  return (
    <tr className={className}>
      {columns.map((column) => {
        const { label, className: own, srOnly } = typeof column === 'string' ? { label: column } : column;
        return (
          <th key={label} scope="col" className={cn(cell, own)}>
            {srOnly ? <span className="sr-only">{label}</span> : label}
          </th>
        );
      })}
    </tr>
  );
}
