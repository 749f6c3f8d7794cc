import { statusText } from "@/lib/docs/reference/status-text";

export interface Answer {
  status: number;
  statusText: string;
  milliseconds: number;
  headers: [string, string][];
  body: string;
  truncated: boolean;
}

// A large answer (the OpenAPI document itself) is shown in part: the browser stays responsive.
export const shownCharacters = 100_000;

/** What the try-it shows of an answer: its body pretty-printed when it is JSON. */
export async function readAnswer(response: Response, started: number): Promise<Answer> {
  const text = await response.text();
  let body = text;
  if (/json/i.test(response.headers.get("content-type") ?? "")) {
    try {
      body = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Not JSON after all: shown as it came.
    }
  }
  return {
    status: response.status,
    statusText: response.statusText || statusText(String(response.status)),
    milliseconds: Math.round(performance.now() - started),
    headers: [...response.headers.entries()].sort(([a], [b]) => a.localeCompare(b)),
    body: body.slice(0, shownCharacters),
    truncated: body.length > shownCharacters,
  };
}
