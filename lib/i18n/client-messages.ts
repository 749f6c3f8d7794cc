/**
 * The part of the catalogue a page sends to the browser for its client
 * components. The sandbox banner is rendered on the server alone, so its
 * words never travel (a live start must not carry them either); the partner
 * docs have no client component that speaks the member's language, so they
 * send nothing and stay light.
 */
export function clientMessages<Messages extends Record<string, unknown>>(
  messages: Messages,
  path: string | null | undefined,
): Partial<Messages> {
  if (path && /^\/docs(?:\/|$)/.test(path)) return {};
  const { sandboxBanner: _serverOnly, ...sent } = messages;
  return sent as Partial<Messages>;
}
