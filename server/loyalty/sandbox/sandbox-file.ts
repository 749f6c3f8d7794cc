import sandboxJson from "@/sandbox.json";
import { sandboxSchema, type Sandbox } from "@/lib/sandbox/sandbox-schema";

export type { Sandbox, SandboxMember, SandboxPartner } from "@/lib/sandbox/sandbox-schema";

/**
 * The public sandbox, validated on load so that a bad edit fails loudly.
 * Only the seeding code reads it: at run time the service reads the seeded
 * database (docs/decisions.md, "Programme rules").
 */
export const sandbox: Sandbox = sandboxSchema.parse(sandboxJson);
