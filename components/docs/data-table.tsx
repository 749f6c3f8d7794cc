import type { ReactNode } from "react";
import { focusRing } from "@/components/ui/focus-ring";

/**
 * A table that scrolls sideways inside its own focusable region on narrow
 * screens, so the page never does and keyboard users can scroll it too.
 * `layout="cards"`: one card per row instead (the first column its title,
 * the others as labelled values), for records too wide for the page: every
 * value stays in view at 1280 px and at 360 px, with nothing to scroll.
 */
export function DataTable({
  caption,
  headers,
  rows,
  proseColumns = [],
  layout = "table",
}: {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
  /** Columns of running text, which wrap within a readable width; the others (codes, numbers) never break. */
  proseColumns?: number[];
  layout?: "table" | "cards";
}) {
  if (layout === "cards")
    return <RecordCards caption={caption} headers={headers} rows={rows} proseColumns={proseColumns} />;
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className={`overflow-x-auto rounded-lg border border-slate-200 bg-white ${focusRing}`}
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

function RecordCards({
  caption,
  headers,
  rows,
  proseColumns,
}: {
  caption: string;
  headers: string[];
  rows: ReactNode[][];
  proseColumns: number[];
}) {
  const [titleHeader, ...valueHeaders] = headers;
  return (
    <ul aria-label={caption} className="space-y-3">
      {rows.map(([title, ...values], index) => (
        <li key={index} className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
          <p className="text-slate-900">
            <span className="sr-only">{titleHeader}: </span>
            <span className="font-semibold">{title}</span>
          </p>
          <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-slate-700 sm:grid-cols-[repeat(2,minmax(0,auto)_minmax(0,1fr))]">
            {values.map((value, valueIndex) => {
              const prose = proseColumns.includes(valueIndex + 1);
              return (
                <div
                  key={valueIndex}
                  className={`contents ${prose ? "sm:[&>dd]:col-span-3 sm:[&>dt]:col-start-1" : ""}`}
                >
                  <dt className="font-semibold text-slate-900">{valueHeaders[valueIndex]}</dt>
                  <dd className="min-w-0 break-words">{value === "" ? "—" : value}</dd>
                </div>
              );
            })}
          </dl>
        </li>
      ))}
    </ul>
  );
}
