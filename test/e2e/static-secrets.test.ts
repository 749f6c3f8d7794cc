import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import sandbox from "@/sandbox.json";
import { env } from "@/server/config/env";

const partner = sandbox.partners[0]!;
const staticDir = path.resolve(".next", "static");

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const full = path.join(folder, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Secrets of the sandbox and of this machine, and tell-tale marks of private key material. */
function secrets(): { name: string; value: string }[] {
  const found = [
    { name: "staging api_key", value: partner.apiKeys.staging },
    { name: "live api_key", value: partner.apiKeys.live! },
    { name: "client password", value: partner.oauthClient!.password },
    { name: "partner secret", value: partner.furtherProgrammes!.partnerSecret },
    { name: "PEM private key", value: "PRIVATE KEY-----" },
    { name: "stored private JWK column", value: "private_jwk" },
    { name: "server-only marker of the signing keys module", value: "privateJwk" },
    { name: "payments secret key", value: env().PAYMENTS_SECRET_KEY },
  ];
  for (const [name, value] of Object.entries({
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET,
    LOYALTY_CLIENT_SECRET: process.env.LOYALTY_CLIENT_SECRET,
  })) {
    if (value) found.push({ name, value });
  }
  const secretFile = path.resolve(process.env.NEXTAUTH_SECRET_FILE ?? ".data/nextauth-secret");
  if (existsSync(secretFile))
    found.push({ name: "generated NEXTAUTH secret", value: readFileSync(secretFile, "utf8").trim() });
  return found;
}

describe("the browser's files (.next/static)", () => {
  it("hold no secret: no api_key, client password, partner secret, session secret or signing key material", () => {
    const files = filesUnder(staticDir);
    expect(files.some((file) => file.endsWith(".js"))).toBe(true);
    const leaks: string[] = [];
    for (const file of files) {
      const text = readFileSync(file).toString("latin1");
      for (const secret of secrets()) {
        if (text.includes(secret.value)) leaks.push(`${secret.name} in ${path.relative(process.cwd(), file)}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});
