/**
 * One entry of the error catalogue: the HTTP status, the spec's `code`, the
 * child code where the spec gives one, and the business message.
 */
export interface ErrorDefinition {
  status: number;
  code: string;
  childCode?: string;
  message: string;
  /** Gateway-level errors are always wrapped in `error`, whatever the operation. */
  gateway?: boolean;
}
