import type { Sandbox, SandboxMember } from "@/server/loyalty/sandbox/sandbox-file";

/**
 * Membership number of a sandbox partner's copy of a persona: `39`, the
 * partner's id on 10 digits, and the persona's last 4 digits (16 digits, as
 * the personas'); unique because partner ids are.
 */
export function copyMembershipNumber(partnerId: number, persona: SandboxMember): string {
  return `39${String(partnerId).padStart(10, "0")}${persona.membershipNumber.slice(-4)}`;
}

/** `demo.member1` → `<tag>.member1`: unique across the service because the tag is random. */
export function copyUsername(usernameTag: string, personaUsername: string): string {
  return `${usernameTag}.${personaUsername.replace(/^demo\./, "")}`;
}

/** The personas as one sandbox partner's members: same data, numbers and usernames of their own. */
export function personaCopies(
  sandbox: Sandbox,
  partnerId: number,
  usernameTag: string,
): { members: SandboxMember[]; personas: Map<string, SandboxMember> } {
  const personas = new Map<string, SandboxMember>();
  const members = sandbox.members.map((persona) => {
    const membershipNumber = copyMembershipNumber(partnerId, persona);
    personas.set(membershipNumber, persona);
    return {
      ...persona,
      membershipNumber,
      username: persona.username ? copyUsername(usernameTag, persona.username) : null,
    };
  });
  return { members, personas };
}
