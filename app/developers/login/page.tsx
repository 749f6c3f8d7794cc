import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DeveloperSignInForm } from "@/components/developers/developer-sign-in-form";
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
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Sign in</h1>
      <p className="mt-3 text-slate-700">To your sandbox&apos;s keys, members and request log.</p>
      {notice ? (
        <p
          role="status"
          className="mt-6 rounded-lg border border-brand-600/30 bg-brand-50 px-4 py-3 text-sm text-brand-900"
        >
          {notice}
        </p>
      ) : null}
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <DeveloperSignInForm action={signInAction} />
      </div>
      <p className="mt-4 text-sm text-slate-600">{signInLimitsText()}</p>
      <p className="mt-6 text-sm text-slate-700">
        New here?{" "}
        <a href="/developers/signup" className="text-brand-700 underline">
          Get a sandbox of your own
        </a>
      </p>
    </div>
  );
}
