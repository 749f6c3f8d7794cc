import type { ComponentProps } from "react";
import { RequestDecision } from "./request-decision";

/**
 * The foot of a request waiting for a second administrator: its maker reads
 * that someone else decides (the server refuses them anyway); anyone else
 * gets the decision's note and buttons.
 */
export function PendingRequestFooter({
  own,
  ownText,
  ...decision
}: ComponentProps<typeof RequestDecision> & {
  /** Whether the reader made the request. */
  own: boolean;
  /** What its maker reads instead of the buttons. */
  ownText: string;
}) {
  return (
    <div className="mt-3 border-t border-slate-100 pt-3">
      {own ? <p className="text-sm text-slate-700">{ownText}</p> : <RequestDecision {...decision} />}
    </div>
  );
}
