"use client";

import { Button } from "@/components/ui/button";

/** Opens the browser's print dialog (where "Save as PDF" is). */
export function PrintButton() {
  return (
    <Button type="button" variant="primary" onClick={() => window.print()}>
      Print or save as PDF
    </Button>
  );
}
