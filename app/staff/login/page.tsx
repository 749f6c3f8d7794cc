import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { StaffSignInForm } from "@/components/staff/staff-sign-in-form";
import { safeStaffPath } from "@/lib/portal/staff/staff-paths";
import { signInStaffAction } from "@/server/portal/staff/actions/sign-in-action";
import { getStaffSession } from "@/server/portal/staff/staff-session";

export const metadata: Metadata = { title: "Log in" };

type Query = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const notices: Record<string, string> = {
  "signed-out": "You have logged out of the staff console.",
  "session-ended": "Your staff session has ended. Log in again.",
};

export default async function StaffLoginPage({ searchParams }: { searchParams: Promise<Query> }) {
  const params = await searchParams;
  const next = safeStaffPath(first(params.next));
  if (await getStaffSession()) redirect(next);
  const notice = notices[first(params.reason) ?? ""];

  return (
    <main id="main" className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Demo Partner</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Staff console</h1>
      <p className="mt-3 text-slate-600">For the partner&apos;s call-centre agents and administrators.</p>
      {notice ? (
        <p
          role="status"
          className="mt-6 rounded-lg border border-brand-600/30 bg-brand-50 px-4 py-3 text-sm text-brand-900"
        >
          {notice}
        </p>
      ) : null}
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <StaffSignInForm action={signInStaffAction} next={next} />
      </div>
    </main>
  );
}
