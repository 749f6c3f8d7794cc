import type { ReactNode } from "react";

/**
 * A table that scrolls sideways inside its own focusable region on narrow
 * screens, so the page never does and keyboard users can scroll it too.
 */
export function DataTable({
  caption,
  headers,
  rows,
  proseColumns = [],
}: {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
  /** Columns of running text, which wrap within a readable width; the others (codes, numbers) never break. */
  proseColumns?: number[];
}) {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-900">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-700">
          {rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, cellIndex) => (
                <td
                  key={cellIndex}
                  className={`px-3 py-2 align-top ${proseColumns.includes(cellIndex) ? "min-w-64" : "whitespace-nowrap"}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
