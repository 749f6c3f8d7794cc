/** Drives a login page over HTTP as a browser without JavaScript would. */
export interface LoginAttempt {
  status: number;
  location: string | null;
  html: string;
}

function cookieFrom(response: Response): string {
  const setCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("login_csrf="));
  if (!setCookie) throw new Error("the login page set no CSRF cookie");
  return setCookie.split(";")[0]!;
}

function hiddenCsrf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error("the login page has no CSRF field");
  return match[1];
}

/** Opens the login page at `url`, fills in the form and submits it; redirects are not followed. */
export async function submitLogin(url: string, username: string, password: string): Promise<LoginAttempt> {
  const page = await fetch(url, { redirect: "manual" });
  if (page.status !== 200) throw new Error(`login page answered ${page.status}: ${await page.text()}`);
  const html = await page.text();
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieFrom(page) },
    body: new URLSearchParams({ csrf: hiddenCsrf(html), username, password }).toString(),
  });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}
