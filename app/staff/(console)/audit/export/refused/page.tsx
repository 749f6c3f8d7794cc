import type { Metadata } from "next";
import { ForbiddenPanel } from "@/components/staff/forbidden-panel";

export const metadata: Metadata = { title: "Not available to your role" };

/**
 * Where the CSV export sends a role that may not export: the console's own
 * refusal, in its frame, rather than a bare line of text in place of a file.
 */
export default function ExportRefusedPage() {
  return <ForbiddenPanel what="Exporting the audit trail" />;
}
