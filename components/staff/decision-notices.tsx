"use client";

import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { FormStatus } from "@/components/forms/form-alert";

const AnnounceDecision = createContext<(message: string) => void>(() => undefined);

/**
 * Where the approvals queue says what became of a decision. A decided
 * request leaves the queue when the page is drawn again, taking its own
 * buttons with it; this status, above the list, stays.
 */
export function DecisionNotices({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<string>();
  const announce = useCallback((said: string) => setMessage(said), []);
  return (
    <AnnounceDecision value={announce}>
      {message ? <FormStatus message={message} /> : null}
      {children}
    </AnnounceDecision>
  );
}

/** Says a decision's outcome above the queue. */
export function useAnnounceDecision(): (message: string) => void {
  return useContext(AnnounceDecision);
}
