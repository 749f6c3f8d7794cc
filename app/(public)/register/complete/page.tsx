import type { Metadata } from "next";
import { PublicPage } from "@/components/register/public-page";

export const metadata: Metadata = { title: "Registration complete" };

export default function RegistrationCompletePage() {
  return (
    <PublicPage title="You are registered">
      <div role="status" className="rounded-xl border border-green-200 bg-white p-6 shadow-sm">
        <p className="text-base text-slate-800">
          Your username and password are ready. Sign in with them to see your points, your transactions and your
          profile.
        </p>
        <a
          href="/login"
          className="mt-6 inline-flex w-full items-center justify-center rounded-md bg-brand-600 px-5 py-2.5 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 sm:w-auto"
        >
          Sign in
        </a>
      </div>
    </PublicPage>
  );
}
