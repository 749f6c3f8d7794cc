"use server";

import "server-only";
import { revalidatePath } from "next/cache";
import { refusal, type ActionRefusal } from "@/lib/actions/action-result";
import {
  furtherRedirectUrisInput,
  noInput,
  redirectUrisInput,
  rollApiKeyInput,
  rollClientSecretInput,
  staleClient,
  staleFurtherClient,
  staleKey,
  type ConsoleAnswer,
} from "@/lib/developers/console-action-schemas";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { logger } from "@/server/observability/logger";
import { developerAction, field } from "../developer-action";
import type { DeveloperSession } from "../developer-sessions";
import { replaceFurtherRedirectUris, replaceRedirectUris, rollApiKey, rollClientSecret } from "../manage-keys";
import { resetDeveloperSandbox } from "../reset-developer-sandbox";

/**
 * The console's actions, through developerAction: each acts on the signed-in
 * developer's own partner only (ids from the form are matched against it,
 * never trusted), and is logged with who did it. The Demo Partner's keys and
 * members are the public sandbox's: its developer account reads them but
 * cannot roll or reset them.
 */
const publicSandbox =
  "The Demo Partner's keys and members are the public sandbox's; sign up for a sandbox of your own to change them.";

function audit(session: DeveloperSession, what: string) {
  logger.info({ developer: session.account.id, partner: session.partner.partnerIdentifier }, what);
  revalidatePath("/developers");
}

export const rollApiKeyAction = developerAction(
  {
    name: "roll-api-key",
    session: "redirect",
    ownSandboxOnly: publicSandbox,
    read: (form) => ({ keyId: field(form, "keyId") }),
    input: rollApiKeyInput,
  },
  async ({ input, developer }): Promise<ConsoleAnswer | ActionRefusal> => {
    const apiKey = await rollApiKey(await getDatabase(), developer.partner.id, input.keyId, new Date());
    if (!apiKey) return refusal("refused", staleKey);
    audit(developer, "developer rolled an api key");
    return { secret: apiKey, message: "The old key stopped working. Copy the new one now: it is shown only once." };
  },
);

export const rollClientSecretAction = developerAction(
  {
    name: "roll-client-secret",
    session: "redirect",
    ownSandboxOnly: publicSandbox,
    read: (form) => ({ clientId: field(form, "clientId") }),
    input: rollClientSecretInput,
  },
  async ({ input, developer }): Promise<ConsoleAnswer | ActionRefusal> => {
    const secret = await rollClientSecret(await getDatabase(), developer.partner.id, input.clientId, new Date());
    if (!secret) return refusal("refused", staleClient);
    audit(developer, "developer rolled a client secret");
    return { secret, message: "The old secret stopped working. Copy the new one now: it is shown only once." };
  },
);

export const updateRedirectUrisAction = developerAction(
  {
    name: "update-redirect-uris",
    session: "redirect",
    ownSandboxOnly: publicSandbox,
    // One `redirectUri` field per row (the console's rows), or the older one-per-line `redirectUris`.
    read: (form) => ({
      redirectUris: form.has("redirectUri")
        ? form.getAll("redirectUri").map((row) => (typeof row === "string" ? row : ""))
        : field(form, "redirectUris"),
      clientId: field(form, "clientId"),
    }),
    input: redirectUrisInput,
  },
  async ({ input, developer }): Promise<ConsoleAnswer | ActionRefusal> => {
    const saved = await replaceRedirectUris(
      await getDatabase(),
      developer.partner.id,
      input.clientId,
      input.redirectUris,
    );
    if (!saved) return refusal("refused", staleClient);
    audit(developer, "developer changed redirect URIs");
    return { message: "Saved. Logins now accept exactly these addresses." };
  },
);

/** The further programmes' redirect URIs: one field per programme, named `redirectUri.<PROGRAMME>`. */
export const updateFurtherRedirectUrisAction = developerAction(
  {
    name: "update-further-redirect-uris",
    session: "redirect",
    ownSandboxOnly: publicSandbox,
    read: (form) => {
      const redirectUris: Record<string, string> = {};
      for (const [name, value] of form.entries()) {
        const programme = /^redirectUri\.([A-Z]{1,20})$/.exec(name)?.[1];
        if (programme) redirectUris[programme] = String(value);
      }
      return { redirectUris, clientId: field(form, "clientId") };
    },
    input: furtherRedirectUrisInput,
    // An address's message names its programme, as the form shows one field per programme.
    invalid: (issue) =>
      issue.path[0] === "redirectUris" && issue.path[1] !== undefined
        ? `${String(issue.path[1])}: ${issue.message}`
        : issue.message,
  },
  async ({ input, developer }): Promise<ConsoleAnswer | ActionRefusal> => {
    const saved = await replaceFurtherRedirectUris(
      await getDatabase(),
      developer.partner.id,
      input.clientId,
      input.redirectUris,
    );
    if (!saved) return refusal("refused", staleFurtherClient);
    audit(developer, "developer changed further-programme redirect URIs");
    return { message: "Saved. The further programmes' logins now accept exactly these addresses." };
  },
);

export const resetSandboxAction = developerAction(
  { name: "reset-sandbox", session: "redirect", ownSandboxOnly: publicSandbox, read: () => ({}), input: noInput },
  async ({ developer }): Promise<ConsoleAnswer> => {
    await resetDeveloperSandbox(await getDatabase(), developer.partner, new Date());
    audit(developer, "developer reset the sandbox");
    return {
      message:
        "Your sandbox members are back to their seeded state; their tokens were revoked. Your clock reads real time again.",
    };
  },
);
