/**
 * What an approved request's last attempt recorded about its failure (the
 * stored `result.error`: server/portal/staff/staff-refusal.ts describeFailure),
 * in staff words, with the codes apart for "Technical details".
 */
export interface LastAttempt {
  /** Why it failed, or what is known of an outcome not known yet, in words: never a status or a spec code. */
  words: string;
  /** The codes behind the words ("service 422 VALIDATION_ERROR"), for "Technical details" only. */
  technical?: string | undefined;
}

/** The stored error's parts: `kind`, and whatever its kind records (`message`, `status`, `code`, …). */
type StoredError = Record<string, unknown>;

const textOf = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

function storedErrorOf(result: unknown): StoredError | undefined {
  if (typeof result !== "object" || result === null) return undefined;
  const error = (result as { error?: unknown }).error;
  return typeof error === "object" && error !== null ? (error as StoredError) : undefined;
}

/** The codes a stored error carries, on one line; none for a refusal the console worded itself. */
function technicalOf(error: StoredError): string | undefined {
  if (error.kind === "refused") return undefined;
  const children = Array.isArray(error.children) ? error.children.filter((child) => typeof child === "string") : [];
  const parts = [error.kind, error.status, error.code, error.name].filter(
    (part): part is string | number => typeof part === "string" || typeof part === "number",
  );
  if (children.length > 0) parts.push(`(${children.join(", ")})`);
  return parts.length > 0 ? parts.join(" ") : undefined;
}

/** The service's refusal in words: its own message is not stored, only its codes. */
function serviceWords(error: StoredError): string {
  const codes = [error.code, ...(Array.isArray(error.children) ? error.children : [])];
  if (codes.includes("IDEMPOTENCY_KEY_IN_PROGRESS"))
    return "The loyalty service was still working on an earlier attempt of it.";
  const status = typeof error.status === "number" ? error.status : 0;
  if (status === 429) return "The loyalty service was too busy to take it.";
  if (status >= 500 || (typeof error.code === "string" && error.code.startsWith("DEVELOPER_")))
    return "The loyalty service could not take it at the time.";
  return "The loyalty service refused it.";
}

function wordsOf(error: StoredError): string | undefined {
  switch (error.kind) {
    case "refused":
      return textOf(error.message);
    case "service":
      return serviceWords(error);
    case "unavailable":
      return "The loyalty service did not answer.";
    case "contract":
      return "The loyalty service answered in a way the console could not read.";
    case "unexpected":
      return "It stopped on an unexpected error in the console. Check the member's account or the order before making a new request.";
    default:
      return undefined;
  }
}

/**
 * Why a `failed` request failed, or what is known of an `unknown` one's
 * last attempt, from what it stored; undefined for any other status, and
 * for an unknown one that stored nothing to go on.
 */
export function lastAttemptWords(status: string, result: unknown): LastAttempt | undefined {
  if (status !== "failed" && status !== "unknown") return undefined;
  const error = storedErrorOf(result);
  const words = error ? wordsOf(error) : undefined;
  const technical = error ? technicalOf(error) : undefined;
  if (words) return { words, technical };
  if (status === "unknown") return technical ? { words: "Nothing more is known about it.", technical } : undefined;
  return { words: "No reason was recorded.", technical };
}
