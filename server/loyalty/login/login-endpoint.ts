import "server-only";
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { getDatabase, type Database } from "@/server/loyalty/db/loyalty-database";
import { requestProtocol } from "@/server/http/client-address";
import { isValidForwardedFor } from "@/server/loyalty/http/forwarded-for";
import { reachesMember } from "@/server/loyalty/members/sandbox-reach";
import { issueAuthorisationCode } from "@/server/loyalty/oauth/authorisation-codes";
import { logger } from "@/server/observability/logger";
import { recordAuthRequest } from "@/server/loyalty/request-log/record-auth-request";
import { passwordHashBusyIn } from "@/server/security/hash-queue";
import { bodyText, readBodyWithin } from "@/server/loyalty/http/read-body";
import { rateLimitHeaders } from "@/server/loyalty/rate-limits/rate-limit-decision";
import { tokenServiceLimit } from "@/server/loyalty/rate-limits/token-service-limit";
import { checkCredentials, isWellFormedUsername } from "./check-credentials";
import {
  csrfCookie,
  csrfFieldName,
  csrfTokenFromCookie,
  csrfTokensMatch,
  expiredCsrfCookie,
  newCsrfToken,
} from "./csrf";
import { loginMessages, loginPages, type LoginMessage } from "./login-messages";
import { codeRedirect, errorRedirect, unauthorised } from "./login-redirect";
import type { LoginRequest } from "./login-request";
import { htmlResponse, redirectResponse } from "./login-response";
import type { LoginService } from "./login-service";
import { loginLocale } from "./login-locale";
import { renderLoginForm, renderProblemPage } from "./render-login-page";
import { readSandboxClock } from "@/server/loyalty/sandbox-clock/read-sandbox-clock";

type LoginHandler = (request: Request) => Promise<Response>;

/** Member logins are authenticated at this level, whichever page they used. */
const authenticationLevel = "AUTHN-LEVEL-12";

/**
 * GET shows the login page; POST with the form's fields logs in, and POST
 * without them (A3's documented POST) shows the page like GET. Both methods
 * check the query the same way first.
 */
export function loginEndpoint(service: LoginService): { GET: LoginHandler; POST: LoginHandler } {
  return {
    GET: (request) => answer(service, request, "GET"),
    POST: (request) => answer(service, request, "POST"),
  };
}

interface LoginContext {
  service: LoginService;
  request: Request;
  db: Database;
  login: LoginRequest;
  log: Logger;
  requestId: string;
  startedAt: number;
  receivedAt: Date;
}

async function answer(service: LoginService, request: Request, method: "GET" | "POST"): Promise<Response> {
  const requestId = randomUUID();
  const startedAt = performance.now();
  const receivedAt = new Date();
  const log = logger.child({ requestId, service: service.name });
  const locale = loginLocale(request);
  try {
    const db = await getDatabase();
    // Before anything else is looked up, and long before a password is hashed.
    const limit = await tokenServiceLimit(db, service.name, request);
    if (limit && !limit.allowed) {
      log.info({ outcome: "rate-limited" }, "login request refused: too many from one address");
      return htmlResponse(renderProblemPage(loginPages.tooManyRequests, undefined, locale), {
        status: 429,
        headers: rateLimitHeaders([limit]),
      });
    }
    const resolution = await service.resolveRequest(db, new URL(request.url));
    if (resolution.outcome === "page") {
      log.info({ outcome: resolution.problem }, "login request refused on a page");
      return htmlResponse(renderProblemPage(loginPages[resolution.problem], undefined, locale), { status: 400 });
    }
    if (resolution.outcome === "redirect") {
      log.info({ outcome: "invalid-request" }, "login request refused by redirect");
      return redirectResponse(errorRedirect(resolution.redirectUri, resolution.error, resolution.state));
    }

    const context: LoginContext = {
      service,
      request,
      db,
      login: resolution.request,
      log,
      requestId,
      startedAt,
      receivedAt,
    };
    const form = method === "POST" ? await readLoginForm(request) : undefined;
    const csrfToken = csrfTokenFromCookie(request) ?? newCsrfToken();
    if (form === "too-large") {
      log.info({ outcome: "form-too-large" }, "login form refused");
      return showForm(context, { status: 413, csrfToken, message: loginMessages.formTooLarge });
    }
    if (!form) return showForm(context, { status: 200, csrfToken });
    return await submit(context, form);
  } catch (error) {
    const busy = passwordHashBusyIn(error);
    if (busy) {
      // Too many passwords wait to be checked in this process: said at once, with when to try again.
      log.warn({ outcome: "busy", reason: busy.reason }, "login refused: password checks busy");
      return htmlResponse(renderProblemPage(loginPages.busy, undefined, locale), {
        status: 503,
        headers: { "Retry-After": String(busy.retryAfterSeconds) },
      });
    }
    // Details go to the log only; the member sees a reference to quote.
    log.error({ err: error }, "login page failed");
    return htmlResponse(renderProblemPage(loginPages.systemUnavailable, requestId, locale), { status: 503 });
  }
}

interface LoginForm {
  username: string;
  password: string;
  csrf: string | undefined;
}

/** Far more than a login form holds (a username of 50, a password of 20, a token of 43 characters). */
const maxLoginFormBytes = 4 * 1024;

/** The submitted login form, undefined for a POST that carries none of its fields, or "too-large". */
async function readLoginForm(request: Request): Promise<LoginForm | "too-large" | undefined> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType)) return undefined;
  const body = await readBodyWithin(request, maxLoginFormBytes);
  if (!body.ok) return "too-large";
  const fields = new URLSearchParams(bodyText(body.bytes));
  if (!["username", "password", csrfFieldName].some((name) => fields.has(name))) return undefined;
  return {
    username: fields.get("username") ?? "",
    password: fields.get("password") ?? "",
    csrf: fields.get(csrfFieldName) ?? undefined,
  };
}

async function submit(context: LoginContext, form: LoginForm): Promise<Response> {
  const { request, login, log } = context;
  const cookieToken = csrfTokenFromCookie(request);
  if (!cookieToken || !csrfTokensMatch(cookieToken, form.csrf)) {
    log.info({ outcome: "csrf-mismatch" }, "login form refused");
    return showForm(context, { status: 400, csrfToken: newCsrfToken(), message: loginMessages.sessionExpired });
  }
  // A username is shown again only when it has the login format: the page never repeats other text it was sent.
  const shown = {
    status: 200,
    csrfToken: cookieToken,
    username: isWellFormedUsername(form.username) ? form.username : undefined,
  };

  const forwardedFor = request.headers.get("x-forwarded-for");
  if (forwardedFor !== null && !isValidForwardedFor(forwardedFor)) {
    return showForm(context, { ...shown, message: loginMessages.invalidIpAddress });
  }

  const now = new Date();
  const check = await checkCredentials(context.db, {
    username: form.username,
    password: form.password,
    now,
    // The sandbox's reach first (no query): a member of another developer's sandbox is a stranger here, whatever the programme.
    admits: async (member) =>
      reachesMember(login.partner, member.member) && context.service.admitsMember(context.db, member, login),
  });
  if (check.outcome === "message") {
    log.info({ outcome: "message", clientId: login.client.clientId }, "login form shown again");
    return showForm(context, { ...shown, message: check.message });
  }
  if (check.outcome === "refused") {
    log.info({ outcome: "refused", reason: check.reason, clientId: login.client.clientId }, "login refused");
    recordLogin(context, 302, unauthorised(check.reason).error);
    return redirectResponse(errorRedirect(login.redirectUri, unauthorised(check.reason), login.state));
  }

  // The code's 2 minutes run on the partner's clock (a developer sandbox's own); lockouts above keep real time.
  const clock = await readSandboxClock(context.db, login.partner);
  const code = await issueAuthorisationCode(context.db, {
    clientDbId: login.client.id,
    memberDbId: check.member.member.id,
    programmeDbId: login.programme.id,
    redirectUri: login.redirectUriSent,
    scope: login.scope,
    codeChallenge: login.codeChallenge,
    codeChallengeMethod: login.codeChallengeMethod,
    authenticationLevel,
    now: clock.moved ? clock.now() : now,
  });
  log.info(
    { outcome: "authenticated", clientId: login.client.clientId, programme: login.programme.identifier },
    "member logged in",
  );
  recordLogin(context, 302);
  // The form is done with: its token goes, so a replayed submission gets "session expired".
  return redirectResponse(codeRedirect(login.redirectUri, code, login.state), [
    expiredCsrfCookie(cookieOptions(context)),
  ]);
}

/** A submitted login's outcome in the partner's request log (A1 only: A3's secure code is another flow). */
function recordLogin(context: LoginContext, status: number, errorCode?: string): void {
  if (context.service.name !== "member-login") return;
  const { login } = context;
  recordAuthRequest(context.db, {
    partnerId: login.partner.id,
    operation: "member-login",
    requestId: context.requestId,
    method: "POST",
    path: new URL(context.request.url).pathname,
    status,
    errorCode,
    startedAt: context.startedAt,
    receivedAt: context.receivedAt,
    details: { clientId: login.client.clientId, redirectUri: login.redirectUri, programme: login.programme.identifier },
  });
}

interface FormState {
  status: number;
  csrfToken: string;
  username?: string;
  message?: LoginMessage;
}

function showForm(context: LoginContext, state: FormState): Response {
  const url = new URL(context.request.url);
  const page = renderLoginForm({
    programmeName: context.login.programme.name,
    brand: context.login.brand,
    action: `${url.pathname}${url.search}`,
    csrfToken: state.csrfToken,
    username: state.username,
    message: state.message,
    locale: loginLocale(context.request),
  });
  return htmlResponse(page, {
    status: state.status,
    formRedirectUri: context.login.redirectUri,
    cookies: [csrfCookie(state.csrfToken, cookieOptions(context))],
  });
}

function cookieOptions(context: LoginContext): { path: string; secure: boolean } {
  // X-Forwarded-Proto counts only from a trusted proxy (server/http/client-address.ts).
  const secure =
    new URL(context.request.url).protocol === "https:" || requestProtocol(context.request.headers) === "https";
  return { path: context.service.path, secure };
}
