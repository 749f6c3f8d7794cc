import type { DeveloperFormState } from "./credentials-schema";

/** What a sign-up answers: field errors, or the new sandbox's credentials, shown this once. */
export interface SignUpState extends DeveloperFormState {
  created?: {
    partnerIdentifier: string;
    apiKey: string;
    clientId: string;
    clientSecret: string;
    furtherClientId: string;
    businessContextIdentifier: string;
    partnerSecret: string;
  };
}

/** What a console action answers: a message, an error, and a secret shown once. */
export interface ConsoleActionState {
  ok?: boolean;
  message?: string;
  error?: string;
  /** A new key or secret: shown once, never stored in clear. */
  secret?: string;
}
