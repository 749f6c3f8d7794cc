/** How long ago, or how long until, in whole units with their plural: "1 minute", "3 hours", "2 days". */
export function formatDuration(milliseconds: number): string {
  const minutes = Math.max(0, Math.floor(milliseconds / 60_000));
  const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return unit(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return unit(hours, "hour");
  return unit(Math.round(hours / 24), "day");
}

/** What a request's stored status means to staff; a pending one past its expiry reads as expired. */
export function requestStatusLabel(status: string, expired: boolean): string {
  if (status === "pending") return expired ? "Expired: nothing was done" : "Waiting for approval";
  const labels: Record<string, string> = {
    approved: "Approved: being carried out",
    performed: "Approved and carried out",
    failed: "Approved, but it failed",
    unknown: "Approved: outcome not known yet",
    rejected: "Rejected: nothing was done",
    expired: "Expired: nothing was done",
  };
  return labels[status] ?? status;
}

export const requestKindLabels: Record<string, string> = {
  goodwill_credit: "Goodwill credit",
  order_refund: "Refund",
};
