"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

export type IntentLinkProps = Omit<ComponentProps<typeof Link>, "prefetch">;

/**
 * Next.js's Link, prefetching its page only once the reader shows they may follow it: the pointer over it, a
 * finger on it, or the keyboard's focus. Next.js's own default prefetches every link the moment it scrolls into
 * view, and every page here is rendered per request (the CSP nonce), so each such prefetch is a request the server
 * answers through the proxy and a partial render: a member's page view cost 8 of them (the navigation), the shop's
 * 22 (its products too), several times the page's own render, almost all for links never followed. Hover comes a
 * few hundred milliseconds before a click and focus before Enter, so the navigation still finds the page's loading
 * state prefetched (the pattern of Next.js's prefetching guide, "Hover-triggered prefetch").
 */
export function IntentLink({ onPointerEnter, onFocus, onTouchStart, ...link }: IntentLinkProps) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...link}
      // null is Next.js's default prefetching, switched on once; false prefetches nothing (a click still navigates).
      prefetch={intent ? null : false}
      onPointerEnter={(event) => {
        setIntent(true);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}
