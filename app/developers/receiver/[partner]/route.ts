import { env } from "@/server/config/env";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { bodyText, readBodyWithin } from "@/server/http/read-body-within";
import { sandboxOnly } from "@/server/http/sandbox-only-route";
import { builtInReceiverPath, receiveWebhook } from "@/server/loyalty/events/built-in-receiver";

const maxReceivedBody = 65_536;

/**
 * The sandbox's built-in webhook receiver: records what it gets for the
 * partner and whether the signature verified, shown in the developer
 * console's events page. Its URL is the one the console offers, built on
 * APP_ORIGIN (the address the worker posts to). Live mode has none (404).
 */
export const POST = sandboxOnly(async function POST(
  request: Request,
  context: { params: Promise<{ partner: string }> },
): Promise<Response> {
  const { partner } = await context.params;
  // Counted as it streams in, not only by its declared length: a chunked body declares none.
  const read = await readBodyWithin(request, maxReceivedBody);
  if (!read.ok) return Response.json({ error: "The receiver keeps bodies of at most 64 KiB." }, { status: 413 });
  const body = bodyText(read.bytes);
  const url = `${env().APP_ORIGIN.replace(/\/$/, "")}${builtInReceiverPath(partner)}`;
  const outcome = await receiveWebhook(await getDatabase(), partner, url, request.headers, body, new Date());
  if (outcome.status === 404) return Response.json({ error: "No partner has this receiver." }, { status: 404 });
  if (outcome.status === 400) return Response.json({ error: outcome.reason }, { status: 400 });
  return new Response(null, { status: 204 });
});
