import type { Metadata } from "next";
import { DeveloperSignUpForm } from "@/components/developers/developer-sign-up-form";
import { signUpAction } from "@/server/loyalty/developers/actions/sign-in-actions";
import { signUpLimitsText } from "@/server/loyalty/developers/console-limits";

export const metadata: Metadata = { title: "Sign up" };

export default function DeveloperSignUpPage() {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Get a sandbox of your own</h1>
      <p className="mt-3 text-slate-700">
        An api_key, OAuth clients and a copy of every sandbox member that only you use, with a private request log. It
        takes a few seconds; no email is sent.
      </p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <DeveloperSignUpForm action={signUpAction} />
      </div>
      <p className="mt-4 text-sm text-slate-600">{signUpLimitsText()}</p>
      <p className="mt-6 text-sm text-slate-700">
        Already have an account?{" "}
        <a href="/developers/login" className="text-brand-700 underline">
          Sign in
        </a>
      </p>
    </div>
  );
}
