import { Notice } from "@/components/ui/notice";

const day = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", dateStyle: "long" });

export interface SandboxExpiryNoticeProps {
  /** When the sandbox is deleted unless it is used before. */
  deletesAt: Date;
  /** When it was last used. */
  lastActiveAt: Date;
  /** Days without use after which a sandbox is deleted. */
  idleDays: number;
  /** Within the warning days before the deletion. */
  warn: boolean;
}

/**
 * When the developer's sandbox is deleted if nobody uses it: always the
 * date and the rule, and from the warning days before it a warning that
 * says what goes and how to keep it.
 */
export function SandboxExpiryNotice({ deletesAt, lastActiveAt, idleDays, warn }: SandboxExpiryNoticeProps) {
  const date = day.format(deletesAt);
  if (!warn)
    return (
      <p className="mt-2 text-sm text-slate-700" data-sandbox-expiry={deletesAt.toISOString()}>
        A sandbox unused for {idleDays} days (no sign-in, no request with its keys) is deleted. Yours is kept until{" "}
        <strong className="font-semibold">{date}</strong>, and longer each time it is used.
      </p>
    );
  return (
    <Notice
      tone="warning"
      role="status"
      data-sandbox-expiry={deletesAt.toISOString()}
      className="mt-4"
      title={`This sandbox will be deleted on ${date}.`}
    >
      <p>
        It has not been used since {day.format(lastActiveAt)}. Its keys, OAuth clients, members, request log and events
        go with it, and cannot be brought back. A sign-in or a request with its api_key before then keeps it for{" "}
        {idleDays} more days.
      </p>
    </Notice>
  );
}
