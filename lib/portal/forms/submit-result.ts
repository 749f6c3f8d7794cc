/**
 * What a form's submit function answers. Success is neither field errors nor
 * a form error. Field errors are keyed by the request body's path in the
 * service's childError syntax (`member.dateOfBirth`,
 * `member.securityProfile.securityResponses[1].questionIdentifier`), so the
 * form that built the body is the one that maps them back onto its fields.
 */
export interface SubmitResult {
  fieldErrors?: Record<string, string>;
  /** A refusal that belongs to no single field, shown in the form's alert. */
  formError?: string;
}

export function isRefusal(result: SubmitResult | undefined): boolean {
  return Boolean(result?.formError) || Object.keys(result?.fieldErrors ?? {}).length > 0;
}
