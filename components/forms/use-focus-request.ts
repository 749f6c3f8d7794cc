"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/**
 * Focus for an element that a state change is about to show (an alert):
 * asked for after the change, it happens once React has rendered the
 * element. Focusing in the next animation frame instead could run before
 * that render on a busy machine, and then did nothing.
 */
export function useFocusRequest<Element extends HTMLElement>(): {
  ref: RefObject<Element | null>;
  requestFocus: () => void;
} {
  const ref = useRef<Element>(null);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (requests > 0) ref.current?.focus();
  }, [requests]);
  const requestFocus = useCallback(() => setRequests((count) => count + 1), []);
  return { ref, requestFocus };
}
