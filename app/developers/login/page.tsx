import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DeveloperSignInForm } from "@/components/developers/developer-sign-in-form";
import { textLink } from "@/components/ui/text-link";
import { SignInFrame } from "@/components/ui/sign-in-frame";
import { signInAction } from "@/server/loyalty/developers/actions/sign-in-actions";
import { signInLimitsText } from "@/server/loyalty/developers/console-limits";
import { getDeveloperSession } from "@/server/loyalty/developers/developer-session-cookie";

export const metadata: Metadata = { title: "Sign in" };

type Query = Record<string, string | string[] | undefined>;

const notices: Record<string, string> = { "signed-out": "You have signed out of the developer console." };

export default async function DeveloperSignInPage({ searchParams }: { searchParams: Promise<Query> }) {
  if (await getDeveloperSession()) redirect("/developers");
  const reason = (await searchParams).reason;
  const notice = typeof reason === "string" ? notices[reason] : undefined;
  return (
    <SignInFrame
      title="Sign in"
      intro="To your sandbox's keys, members and request log."
      notice={notice ? { text: notice, tone: "info" } : undefined}
      footer={
        <>
          <p className="text-slate-600">{signInLimitsText()}</p>
          <p>
            New here?{" "}
            <a href="/developers/signup" className={textLink}>
              Get a sandbox of your own
            </a>
          </p>
        </>
      }
    >
      <DeveloperSignInForm action={signInAction} />
    </SignInFrame>
  );
}
