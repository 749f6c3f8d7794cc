import type { ReactNode } from "react";
import type { ReferenceIndex } from "@/lib/docs/reference/reference-index";
import { ReferenceSidebar } from "./reference-sidebar";

/** The reference's frame: the navigation beside the page on wide screens, above it (folded) on narrow ones. */
export function ReferenceShell({
  index,
  current,
  children,
}: {
  index: ReferenceIndex;
  current: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-10">
      <ReferenceSidebar index={index} current={current} />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
