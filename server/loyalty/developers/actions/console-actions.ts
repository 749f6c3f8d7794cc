"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import type { ConsoleActionState } from "@/lib/developers/console-states";
import { redirectUriSchema, redirectUrisSchema } from "@/lib/developers/redirect-uris-schema";
import { getDatabase } from "@/server/db/database";
import { logger } from "@/server/observability/logger";
import { requireDeveloper } from "../developer-session-cookie";
import { replaceFurtherRedirectUris, replaceRedirectUris, rollApiKey, rollClientSecret } from "../manage-keys";
import { resetDeveloperSandbox } from "../reset-developer-sandbox";

/**
 * The console's actions. Each checks the session on the server and acts on
 * the signed-in developer's own partner only (ids from the form are matched
 * against it, never trusted), and is logged with who did it. The Demo
 * Partner's keys and members are the public sandbox's: its developer account
 * reads them but cannot roll or reset them.
 */
const publicSandbox =
  "The Demo Partner's keys and members are the public sandbox's; sign up for a sandbox of your own to change them.";

function idOf(form: FormData, name: string): number | undefined {
  const value = String(form.get(name) ?? "");
  return /^[0-9]{1,9}$/.test(value) ? Number(value) : undefined;
}

export async function rollApiKeyAction(_previous: ConsoleActionState, form: FormData): Promise<ConsoleActionState> {
  const session = await requireDeveloper();
  if (!session.partner.developerSandbox) return { error: publicSandbox };
  const keyId = idOf(form, "keyId");
  const apiKey =
    keyId === undefined ? undefined : await rollApiKey(await getDatabase(), session.partner.id, keyId, new Date());
  if (!apiKey) return { error: "This key is no longer in use. Reload the page." };
  logger.info(
    { developer: session.account.id, partner: session.partner.partnerIdentifier },
    "developer rolled an api key",
  );
  revalidatePath("/developers");
  return {
    ok: true,
    secret: apiKey,
    message: "The old key stopped working. Copy the new one now: it is shown only once.",
  };
}

export async function rollClientSecretAction(
  _previous: ConsoleActionState,
  form: FormData,
): Promise<ConsoleActionState> {
  const session = await requireDeveloper();
  if (!session.partner.developerSandbox) return { error: publicSandbox };
  const clientId = idOf(form, "clientId");
  const secret =
    clientId === undefined
      ? undefined
      : await rollClientSecret(await getDatabase(), session.partner.id, clientId, new Date());
  if (!secret) return { error: "This client is not yours. Reload the page." };
  logger.info(
    { developer: session.account.id, partner: session.partner.partnerIdentifier },
    "developer rolled a client secret",
  );
  revalidatePath("/developers");
  return { ok: true, secret, message: "The old secret stopped working. Copy the new one now: it is shown only once." };
}

export async function updateRedirectUrisAction(
  _previous: ConsoleActionState,
  form: FormData,
): Promise<ConsoleActionState> {
  const session = await requireDeveloper();
  if (!session.partner.developerSandbox) return { error: publicSandbox };
  const parsed = redirectUrisSchema.safeParse(String(form.get("redirectUris") ?? ""));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Check the addresses." };
  const clientId = idOf(form, "clientId");
  const saved =
    clientId !== undefined &&
    (await replaceRedirectUris(await getDatabase(), session.partner.id, clientId, parsed.data));
  if (!saved) return { error: "This client is not yours. Reload the page." };
  logger.info(
    { developer: session.account.id, partner: session.partner.partnerIdentifier },
    "developer changed redirect URIs",
  );
  revalidatePath("/developers");
  return { ok: true, message: "Saved. Logins now accept exactly these addresses." };
}

/** The further programmes' redirect URIs: one field per programme, named `redirectUri.<PROGRAMME>`. */
export async function updateFurtherRedirectUrisAction(
  _previous: ConsoleActionState,
  form: FormData,
): Promise<ConsoleActionState> {
  const session = await requireDeveloper();
  if (!session.partner.developerSandbox) return { error: publicSandbox };
  const byProgramme: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    const programme = /^redirectUri\.([A-Z]{1,20})$/.exec(name)?.[1];
    if (!programme) continue;
    const parsed = redirectUriSchema.safeParse(String(value));
    if (!parsed.success) return { error: `${programme}: ${parsed.error.issues[0]?.message ?? "check the address."}` };
    byProgramme[programme] = parsed.data;
  }
  const clientId = idOf(form, "clientId");
  const saved =
    clientId !== undefined &&
    (await replaceFurtherRedirectUris(await getDatabase(), session.partner.id, clientId, byProgramme));
  if (!saved) return { error: "Give one address for each programme of this client. Reload the page and try again." };
  logger.info(
    { developer: session.account.id, partner: session.partner.partnerIdentifier },
    "developer changed further-programme redirect URIs",
  );
  revalidatePath("/developers");
  return { ok: true, message: "Saved. The further programmes' logins now accept exactly these addresses." };
}

export async function resetSandboxAction(_previous: ConsoleActionState): Promise<ConsoleActionState> {
  const session = await requireDeveloper();
  if (!session.partner.developerSandbox) return { error: publicSandbox };
  await resetDeveloperSandbox(await getDatabase(), session.partner, new Date());
  logger.info(
    { developer: session.account.id, partner: session.partner.partnerIdentifier },
    "developer reset the sandbox",
  );
  revalidatePath("/developers");
  return { ok: true, message: "Your sandbox members are back to their seeded state; their tokens were revoked." };
}
