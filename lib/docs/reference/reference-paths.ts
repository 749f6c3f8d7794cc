/** Where the reference shows an operation and an event: one page each (docs/decisions.md, "API reference"). */
export const referenceHome = "/docs";

export function operationPagePath(slug: string): string {
  return `/docs/reference/${slug}`;
}

export function eventPagePath(slug: string): string {
  return `/docs/reference/events/${slug}`;
}
