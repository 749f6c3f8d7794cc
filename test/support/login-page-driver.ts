import { expect } from "vitest";
import { callRoute, type RouteAnswer } from "./call-route";

export type LoginQuery = Record<string, string | undefined>;

export interface OpenForm {
  cookie: string;
  token: string;
}

export interface Submission {
  query?: LoginQuery;
  form?: OpenForm;
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

/**
 * Drives one of the login pages (A1, A3) in process, as a browser without
 * JavaScript would: open the form (CSRF cookie and field), post it, read the
 * message or the redirect.
 */
export function loginPageDriver(route: object, path: string, base: LoginQuery) {
  const urlOf = (query: LoginQuery): string => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.append(name, value);
    return `${path}?${search.toString()}`;
  };

  const get = (query: LoginQuery = base): Promise<RouteAnswer> => callRoute(route, { url: urlOf(query) });

  const openForm = async (query: LoginQuery = base, method = "GET"): Promise<OpenForm> => {
    const page = await callRoute(route, { method, url: urlOf(query) });
    expect(page.status, page.text).toBe(200);
    const cookie =
      page.headers
        .getSetCookie()
        .find((value) => value.startsWith("login_csrf="))
        ?.split(";")[0] ?? "";
    const token = /name="csrf" value="([^"]+)"/.exec(page.text)?.[1] ?? "";
    return { cookie, token };
  };

  const submit = async (username: string, secret: string, options: Submission = {}): Promise<RouteAnswer> => {
    const query = options.query ?? base;
    const form = options.form ?? (await openForm(query));
    return callRoute(route, {
      method: "POST",
      url: urlOf(query),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie, ...options.headers },
      body: new URLSearchParams(options.fields ?? { csrf: form.token, username, password: secret }).toString(),
    });
  };

  const messageOf = (answer: RouteAnswer): string | undefined =>
    /id="login-message">([^<]*)<\/p>/.exec(answer.text)?.[1];

  const locationOf = (answer: RouteAnswer): URL => {
    expect(answer.status, answer.text).toBe(302);
    const location = answer.headers.get("location");
    expect(location).toBeTruthy();
    return new URL(location ?? "");
  };

  return { urlOf, get, openForm, submit, messageOf, locationOf };
}
