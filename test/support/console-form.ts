/**
 * One of a console page's forms, submitted as a browser without JavaScript
 * does: the page's server-rendered form carries its server action in hidden
 * `$ACTION_…` fields, and a multipart post of them with the form's own
 * fields runs the action and answers the page rendered with its result.
 * The form is the one whose submit button reads `button`; the answer's text
 * is returned, HTML entities decoded.
 */
export async function consoleForm(
  origin: string,
  path: string,
  cookie: string,
  button: string,
): Promise<(fields: Record<string, string | string[]>) => Promise<string>> {
  const page = await (await fetch(`${origin}${path}`, { headers: { cookie } })).text();
  const form = [...page.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)]
    .map((match) => match[0])
    .find((html) => new RegExp(`<button\\b[^>]*>${escapeRegExp(button)}</button>`).test(html));
  if (!form) throw new Error(`no form with a "${button}" button at ${path}`);
  const hidden = [...form.matchAll(/<input\b[^>]*>/g)]
    .map((input) =>
      Object.fromEntries(
        [...input[0].matchAll(/([\w$:-]+)="([^"]*)"/g)].map((match) => [match[1]!, unescapeHtml(match[2]!)]),
      ),
    )
    .filter((attributes) => attributes.type === "hidden" && attributes.name);
  return async (fields) => {
    const body = new FormData();
    for (const attributes of hidden)
      if (!(attributes.name! in fields)) body.append(attributes.name!, attributes.value ?? "");
    for (const [name, value] of Object.entries(fields))
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    const answer = await fetch(`${origin}${path}`, { method: "POST", headers: { cookie, origin }, body });
    if (answer.status !== 200) throw new Error(`the form at ${path} answered ${answer.status}`);
    return unescapeHtml(await answer.text());
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
