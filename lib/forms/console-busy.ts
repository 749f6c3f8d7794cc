/**
 * What a post of a public console form (developer sign-in and sign-up, staff
 * sign-in) is answered when this server is already working on its share of
 * them (server/http/console-form-admission.ts): a 503 whose text the form's
 * script raises as the action's error, and the error page shows as it is.
 */
export const consoleFormBusyText =
  "The console is answering many sign-ins right now. Wait a few seconds, then try again.";
