import { errorCatalogue, type ErrorName } from "@/lib/contract/error-catalogue";

/** What one `childError` entry says, before links and defaults are added. */
export interface ChildErrorDetail {
  /** Defaults to the catalogue entry's child code. */
  code?: string;
  path?: string;
  businessMessage?: string;
  developerMessage?: string;
}

export interface ServiceErrorOptions {
  children?: ChildErrorDetail[];
  developerMessage?: string;
  headers?: Record<string, string>;
}

/**
 * The one error type partner operations throw for an expected refusal. The
 * operation wrapper renders it in the operation's shape; anything else thrown
 * becomes SYSTEM_UNAVAILABLE.
 */
export class ServiceError extends Error {
  readonly errorName: ErrorName;
  readonly options: ServiceErrorOptions;

  constructor(errorName: ErrorName, options: ServiceErrorOptions = {}) {
    super(options.developerMessage ?? errorCatalogue[errorName].message);
    this.name = "ServiceError";
    this.errorName = errorName;
    this.options = options;
  }

  get definition() {
    return errorCatalogue[this.errorName];
  }

  get status(): number {
    return this.definition.status;
  }
}

/** Shorthand for the common case: one failing node with a message. */
export function invalid(errorName: ErrorName, path: string | undefined, developerMessage: string): ServiceError {
  return new ServiceError(errorName, { children: [{ path, developerMessage }], developerMessage });
}
