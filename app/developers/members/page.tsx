import type { Metadata } from "next";
import { SandboxMembersTable } from "@/components/developers/sandbox-members-table";
import { textLink } from "@/components/ui/text-link";
import { formatPoints } from "@/lib/i18n/format";
import { getDatabase } from "@/server/loyalty/db/loyalty-database";
import { requireDeveloper } from "@/server/loyalty/developers/developer-session-cookie";
import { listSandboxMembers } from "@/server/loyalty/developers/reset-developer-sandbox";

export const metadata: Metadata = { title: "Members" };

/** The sandbox's members: the developer's own copies of the personas, with what each is for. */
export default async function ConsoleMembersPage() {
  const session = await requireDeveloper();
  const db = await getDatabase();
  const { partner } = session;
  const members = await listSandboxMembers(db, partner);
  const own = partner.developerSandbox;

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Members</h1>
      <section aria-labelledby="members-heading" className="space-y-3">
        <h2 id="members-heading" className="sr-only">
          Sandbox members
        </h2>
        <p className="text-sm text-slate-700">
          {own
            ? "Copies of the sandbox personas, yours alone: same password (Sandbox#2026), balances and histories, numbers of their own. Your client-credentials token with X-Agent-Id reaches these and no one else's."
            : "The shared sandbox personas (password Sandbox#2026)."}
        </p>
        <SandboxMembersTable
          members={members.map((member) => ({
            membershipNumber: member.membershipNumber,
            username: member.username,
            name: member.name,
            programme: member.programme,
            status: member.status,
            balance: formatPoints(Number(member.balance)),
            purpose: member.purpose.replaceAll("demo.", `${member.username?.split(".")[0] ?? "demo"}.`),
          }))}
        />
      </section>

      {own ? (
        <p className="text-sm text-slate-700">
          To put them back as they were seeded, reset your sandbox in{" "}
          <a className={textLink} href="/developers/settings#reset-heading">
            Settings
          </a>
          .
        </p>
      ) : null}
    </div>
  );
}
