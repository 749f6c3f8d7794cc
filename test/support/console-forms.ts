import { createRequire } from "node:module";

// jsdom ships no types of its own: the one constructor used here, typed as the test files that parse pages type it.
const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (markup: string) => { window: { document: Document } };
};

/**
 * A developer at the console over plain HTTP, as a browser without
 * JavaScript is: it reads a page, fills one of its forms and submits it as
 * the page wrote it (React renders every server action form with the hidden
 * fields that name its action), keeping the cookies the app sets.
 */
export class ConsoleBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  private remember(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** The page's HTML (after redirects the app answers), as the signed-in developer sees it. */
  async page(path: string): Promise<Document> {
    const response = await fetch(`${this.origin}${path}`, { headers: { cookie: this.cookieHeader() } });
    this.remember(response);
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
    return new JSDOM(await response.text()).window.document;
  }

  /**
   * Submits the form of `path` whose submit button reads `button` (the
   * `nth` of them), with `fields` over the values the page gave its fields,
   * and answers the page the app renders with the form's answer. `from` is
   * the page as last read (a form's answer is the page again), to save
   * reading it once more.
   */
  async submit(
    path: string,
    button: string,
    fields: Record<string, string | string[]> = {},
    options: { nth?: number; from?: Document } = {},
  ): Promise<Document> {
    const document = options.from ?? (await this.page(path));
    const nth = options.nth ?? 0;
    const form = [...document.querySelectorAll("form")].filter((candidate) =>
      [...candidate.querySelectorAll("button")].some((each) => each.textContent?.trim() === button),
    )[nth];
    if (!form) throw new Error(`no form with a "${button}" button on ${path}`);
    const body = new FormData();
    for (const element of form.querySelectorAll<HTMLInputElement>("input[name], select[name], textarea[name]")) {
      if (element.name in fields) continue;
      if ((element.type === "checkbox" || element.type === "radio") && !element.checked) continue;
      body.append(element.name, element.value);
    }
    for (const [name, value] of Object.entries(fields))
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    const response = await fetch(`${this.origin}${path}`, {
      method: "POST",
      headers: { cookie: this.cookieHeader(), origin: this.origin },
      body,
      redirect: "manual",
    });
    this.remember(response);
    if (response.status !== 200) throw new Error(`the "${button}" form of ${path} answered ${response.status}`);
    return new JSDOM(await response.text()).window.document;
  }
}

/** The text of the console's answer beside a form (its alert or its message), for failure messages and checks. */
export function answerText(document: Document): string {
  return [...document.querySelectorAll("[aria-live=polite]")]
    .map((region) => region.textContent?.trim() ?? "")
    .filter(Boolean)
    .join(" | ");
}
