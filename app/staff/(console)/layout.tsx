import { IntentLink } from "@/components/ui/intent-link";
import type { ReactNode } from "react";
import { StaffNav, type StaffNavItem } from "@/components/staff/staff-nav";
import { mayDo, roleLabels, type StaffPermission } from "@/lib/portal/staff/staff-roles";
import { signOutStaffAction } from "@/server/portal/staff/actions/sign-out-action";
import { requireStaffSession } from "@/server/portal/staff/staff-session";
import { readStaffTimeZone } from "@/server/portal/staff/staff-time-zone";
import { TimeZoneReporter } from "@/components/staff/time-zone-reporter";
import { Button } from "@/components/ui/button";
import { focusRingOnDark } from "@/components/ui/focus-ring";
import { SkipLink } from "@/components/ui/skip-link";

const navigation: Array<StaffNavItem & { permission: StaffPermission }> = [
  { href: "/staff", label: "Find a member", permission: "member.view", exact: true },
  { href: "/staff/attention", label: "Needs attention", permission: "attention.view" },
  { href: "/staff/approvals", label: "Approvals", permission: "request.decide" },
  { href: "/staff/controls", label: "Controls", permission: "controls.change" },
  { href: "/staff/audit", label: "Audit trail", permission: "audit.view" },
  { href: "/staff/accounts", label: "Staff accounts", permission: "staff.manage" },
];

async function signOut() {
  "use server";
  await signOutStaffAction({});
}

/** The console's frame: who is signed in with which role, the pages that role may use, and the way out. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaffSession();
  const zone = await readStaffTimeZone();
  const items = navigation
    .filter((item) => mayDo(staff.role, item.permission))
    .map((item) => ({ href: item.href, label: item.label, exact: item.exact }));

  return (
    <>
      <SkipLink>Skip to content</SkipLink>
      <TimeZoneReporter reported={zone.reported ? zone.timeZone : null} />
      <header className="border-b border-slate-300 bg-slate-900 text-white">
        <div className="mx-auto max-w-5xl px-4">
          <div className="flex flex-wrap items-center justify-between gap-3 py-3">
            <IntentLink href="/staff" className={`rounded font-semibold ${focusRingOnDark}`}>
              Staff console
            </IntentLink>
            <div className="flex items-center gap-3">
              <p className="text-right text-sm leading-tight">
                <span className="block font-medium">{staff.username}</span>
                <span className="block text-slate-300">{roleLabels[staff.role]}</span>
              </p>
              <form action={signOut}>
                <Button type="submit" variant="on-dark">
                  Log out
                </Button>
              </form>
            </div>
          </div>
          <StaffNav items={items} />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 sm:py-8">
        {children}
      </main>
    </>
  );
}
