"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/**
 * Runs a task once React has rendered the state changes made before it was
 * asked for (focus on an alert or a field those changes show). The next
 * animation frame instead could come before that render on a busy machine,
 * and the task then found nothing to focus.
 */
export function useAfterRender(): (task: () => void) => void {
  const tasks = useRef<(() => void)[]>([]);
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    for (const task of tasks.current.splice(0)) task();
  }, [requests]);
  return useCallback((task: () => void) => {
    tasks.current.push(task);
    setRequests((count) => count + 1);
  }, []);
}

/** Focus for an element that a state change is about to show (an alert), once it is rendered. */
export function useFocusRequest<Element extends HTMLElement>(): {
  ref: RefObject<Element | null>;
  requestFocus: () => void;
} {
  const ref = useRef<Element>(null);
  const afterRender = useAfterRender();
  const requestFocus = useCallback(() => afterRender(() => ref.current?.focus()), [afterRender]);
  return { ref, requestFocus };
}
