import type { ChildError, ErrorBody } from "@/lib/contract/error-body";

/** The service refused a request: the spec's Error resource (flat or wrapped), made typed. */
export class LoyaltyApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly childErrors: ChildError[];
  readonly body: ErrorBody;

  constructor(status: number, body: ErrorBody) {
    super(body.developerMessage ?? body.businessMessage);
    this.name = "LoyaltyApiError";
    this.status = status;
    this.code = body.code;
    this.childErrors = body.childError ?? [];
    this.body = body;
  }

  /** Does the error or one of its children carry this code? */
  has(code: string): boolean {
    return this.code === code || this.childErrors.some((child) => child.code === code);
  }

  /** Child messages by path, for mapping onto form fields. */
  fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const child of this.childErrors) {
      if (child.path && !fields[child.path]) fields[child.path] = child.developerMessage ?? child.businessMessage;
    }
    return fields;
  }
}

/** The service answered something the contract does not allow: a fault of the provider, not of the caller. */
export class LoyaltyContractError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = "LoyaltyContractError";
    this.status = status;
  }
}

/** The service could not be reached at all (network, timeout). */
export class LoyaltyUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LoyaltyUnavailableError";
  }
}

/** A token service (grant, secure key) refused a request: the OAuth error resource, made typed. */
export class LoyaltyTokenError extends Error {
  readonly status: number;
  /** The OAuth `error` code, e.g. `invalid_grant`. */
  readonly error: string;

  constructor(status: number, error: string, description?: string) {
    super(description ? `${error}: ${description}` : error);
    this.name = "LoyaltyTokenError";
    this.status = status;
    this.error = error;
  }
}
