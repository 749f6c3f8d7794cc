import { secureCodeRedirect } from "@/server/portal/auth/secure-code-redirect";

/** Hands a further programme's sign-in on to A3 (see server/portal/auth/secure-code-redirect.ts). */
export function GET(request: Request): Response {
  return secureCodeRedirect(request);
}
