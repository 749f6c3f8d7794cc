import type { Metadata } from "next";
import { DeveloperSignUpForm } from "@/components/developers/developer-sign-up-form";
import { textLink } from "@/components/ui/text-link";
import { SignInFrame } from "@/components/ui/sign-in-frame";
import { signUpAction } from "@/server/loyalty/developers/actions/sign-in-actions";
import { signUpLimitsText } from "@/server/loyalty/developers/console-limits";

export const metadata: Metadata = { title: "Sign up" };

export default function DeveloperSignUpPage() {
  return (
    <SignInFrame
      width="xl"
      title="Get a sandbox of your own"
      intro="An api_key, OAuth clients and a copy of every sandbox member that only you use, with a private request log. It takes a few seconds; no email is sent."
      footer={
        <>
          <p className="text-slate-600">{signUpLimitsText()}</p>
          <p>
            Already have an account?{" "}
            <a href="/developers/login" className={textLink}>
              Sign in
            </a>
          </p>
        </>
      }
    >
      <DeveloperSignUpForm action={signUpAction} />
    </SignInFrame>
  );
}
