import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { StaffSignInForm } from "@/components/staff/staff-sign-in-form";
import { SignInFrame } from "@/components/ui/sign-in-frame";
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
    <SignInFrame
      main
      eyebrow="Demo Partner"
      title="Staff console"
      intro="For the partner's call-centre agents and administrators."
      notice={notice ? { text: notice, tone: "info" } : undefined}
    >
      <StaffSignInForm action={signInStaffAction} next={next} />
    </SignInFrame>
  );
}
