/**
 * Why a programme's login page sent the member back without signing them
 * in, as the portal names it. The login page shows the portal's own words
 * for each; nothing the redirect carried (a description anyone can write
 * into a link) ever reaches the page.
 */
export const signInRefusals = {
  "account-blocked": (programme: string) =>
    `${programme} did not sign you in: your account is blocked. Please contact ${programme}.`,
  "account-inactive": (programme: string) =>
    `${programme} did not sign you in: your membership is not active. Please contact ${programme}.`,
  "account-closed": (programme: string) => `${programme} did not sign you in: this membership is closed.`,
  "account-restricted": (programme: string) =>
    `${programme} did not sign you in: this account cannot be used online. Please contact ${programme}.`,
  "password-expired": (programme: string) =>
    `${programme} did not sign you in: your password has expired. Please set a new one with ${programme}.`,
  cancelled: (programme: string) => `The sign-in with ${programme} was cancelled. You can start again below.`,
  unavailable: (programme: string) => `${programme} cannot sign you in just now. Please try again in a few minutes.`,
  "not-accepted": (programme: string) => `${programme} did not accept this sign-in. Please start again below.`,
  refused: (programme: string) =>
    `${programme} did not sign you in. Please check your account or try another programme.`,
} as const;

export type SignInRefusal = keyof typeof signInRefusals;

// E1 401 UNAUTHORIZED: the reason after the colon of `error_description`, as the service words it.
const unauthorisedReasons = new Map<string, SignInRefusal>([
  ["account blocked", "account-blocked"],
  ["customer status inactive", "account-inactive"],
  ["account status cancelled", "account-closed"],
  ["account status deceased", "account-closed"],
  ["account status fraud", "account-restricted"],
  ["account status group", "account-restricted"],
  ["password expired", "password-expired"],
]);

// The `error` codes of E1 and of OAuth (RFC 6749 §4.1.2.1, E3) that say something the member can act on.
const errorCodes = new Map<string, SignInRefusal>([
  ["access_denied", "cancelled"],
  ["server_error", "unavailable"],
  ["temporarily_unavailable", "unavailable"],
  ["INVALID_REQUEST", "not-accepted"],
  ["invalid_request", "not-accepted"],
]);

/** The portal's name for a refusal, from the redirect's `error` and `error_description`. */
export function signInRefusalOf(error: string, description: string | null): SignInRefusal {
  if (error === "REQUEST_UNAUTHORIZED" && description) {
    const reason = /^UNAUTHORIZED:\s*(.*)$/.exec(description.trim())?.[1]?.toLowerCase();
    const known = reason === undefined ? undefined : unauthorisedReasons.get(reason);
    if (known) return known;
  }
  return errorCodes.get(error) ?? "refused";
}

/** A refusal named in the login page's query; an unknown name is the plainest one. */
export function signInRefusalName(refusal: string | undefined): SignInRefusal {
  return Object.keys(signInRefusals).find((name): name is SignInRefusal => name === refusal) ?? "refused";
}

/** The words for a refusal named in the login page's query; an unknown name gets the plainest ones. */
export function signInRefusalMessage(refusal: string | undefined, programme: string): string {
  const known = Object.keys(signInRefusals).find((name): name is SignInRefusal => name === refusal);
  return signInRefusals[known ?? "refused"](programme);
}
