/**
 * The flows a partner shows before going live, in the order an integration meets them. Each is ticked from the
 * partner's own request log and webhook deliveries (lib/developers/go-live/evaluate-checklist.ts); an unticked one
 * links to the guide that shows how.
 */
export const checklistItems = [
  {
    id: "member-login",
    title: "A member logs in and comes back to your redirect URI",
    detail: "Member login (A1) with your client, ending on one of your redirect URIs with a code.",
    guide: { href: "/docs/guides/quickstart#login", label: "Quickstart: log a member in" },
  },
  {
    id: "token",
    title: "Your client gets a token",
    detail: "Get a token (A2) with your own client's credentials, answered 200.",
    guide: { href: "/docs/guides/quickstart#token", label: "Quickstart: exchange the code" },
  },
  {
    id: "account",
    title: "You read a member's account",
    detail: "Retrieve an account (P2), answered 200.",
    guide: { href: "/docs/guides/quickstart#balance", label: "Quickstart: read the balance" },
  },
  {
    id: "transactions-paging",
    title: "You page through a member's history",
    detail: "A transactions list (P3) asked for a later page (start-record above 1), answered 200.",
    guide: {
      href: "/docs/reference/retrieve-account-transactions",
      label: "Reference: list an account's transactions",
    },
  },
  {
    id: "price-then-debit",
    title: "You price a product, then debit with an Idempotency-Key",
    detail: "Price products (P9), then Debit points (P5) with an Idempotency-Key, answered 200.",
    guide: { href: "/docs/guides/safe-retries", label: "Safe retries" },
  },
  {
    id: "debit-replay",
    title: "Your retry of a debit gets the first answer back",
    detail: "The same debit sent again with the same Idempotency-Key, answered with Idempotent-Replayed: true.",
    guide: { href: "/docs/guides/safe-retries", label: "Safe retries" },
  },
  {
    id: "reversal",
    title: "You reverse a debit",
    detail: "Reverse a debit (P6), answered 200.",
    guide: { href: "/docs/guides/quickstart#reversal", label: "Quickstart: reverse the debit" },
  },
  {
    id: "reversal-refused",
    title: "A reversal after the 24-hour window is refused, and you handle it",
    detail:
      "Reverse a debit (P6) answered REVERSAL_NO_LONGER_PERMITTED on a debit older than the window (move your sandbox's clock), not forced by X-Sandbox-Scenario.",
    guide: { href: "/docs/guides/testing-time", label: "Testing time" },
  },
  {
    id: "rate-limit",
    title: "You wait as told after too many requests",
    detail: "An answer 429, and your next request no sooner than its Retry-After.",
    guide: { href: "/docs/guides/errors#retry", label: "Errors: which to retry, and when" },
  },
  {
    id: "unavailable-retry",
    title: "You retry a failure with the same Idempotency-Key",
    detail:
      "SYSTEM_UNAVAILABLE forced with X-Sandbox-Scenario on a request with an Idempotency-Key, then the same request with the same key, answered 2xx.",
    guide: { href: "/docs/guides/safe-retries", label: "Safe retries" },
  },
  {
    id: "event-received",
    title: "Your endpoint takes a signed event",
    detail: "A signed event posted to one of your webhook endpoints, answered 2xx.",
    guide: { href: "/docs/guides/webhooks", label: "Webhooks" },
  },
  {
    id: "event-replay-received",
    title: "Your endpoint takes a replayed event",
    detail: "A replayed event (same webhook-id) answered 2xx: your handler must not act on it twice.",
    guide: { href: "/docs/guides/webhooks#guarantees", label: "Webhooks: at least once" },
  },
] as const;

export type ChecklistItemId = (typeof checklistItems)[number]["id"];
