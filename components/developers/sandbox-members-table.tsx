/** One of the sandbox's members as the console lists it. */
export interface ConsoleMember {
  membershipNumber: string;
  username: string | null;
  name: string;
  programme: string;
  status: string;
  balance: string;
  purpose: string;
}

/** The sandbox's members with what each is for; a list of cards, so it reads at 360 px without scrolling sideways. */
export function SandboxMembersTable({ members }: { members: ConsoleMember[] }) {
  if (members.length === 0) {
    return (
      <p role="status" className="rounded-xl border border-slate-200 bg-white p-5 text-slate-700">
        Your sandbox has no members. Reset it to have the personas seeded again.
      </p>
    );
  }
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {members.map((member) => (
        <li
          key={member.membershipNumber}
          data-membership-number={member.membershipNumber}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <p className="font-semibold text-slate-900">
            {member.name} <span className="font-normal text-slate-600">· {member.programme}</span>
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-600">Membership</dt>
            <dd className="font-mono break-all text-slate-900">{member.membershipNumber}</dd>
            <dt className="text-slate-600">Username</dt>
            <dd className="font-mono break-all text-slate-900">{member.username ?? "none (registers with P7)"}</dd>
            <dt className="text-slate-600">Status</dt>
            <dd className="text-slate-900">{member.status}</dd>
            <dt className="text-slate-600">Balance</dt>
            <dd className="text-slate-900 tabular-nums" data-balance>
              {member.balance} points
            </dd>
          </dl>
          {member.purpose ? <p className="mt-2 text-sm text-slate-700">{member.purpose}</p> : null}
        </li>
      ))}
    </ul>
  );
}
