import type { Metadata } from "next";
import { countryOptions } from "@/components/forms/country-options";
import { PublicPage } from "@/components/register/public-page";
import { RegisterForm } from "@/components/register/register-form";
import { registerAccount } from "@/server/portal/register/register-account-action";

export const metadata: Metadata = { title: "Register for online access" };

export default function RegisterPage() {
  return (
    <PublicPage
      title="Register for online access"
      intro="Already a Northstar Club member? Create the username and password you will sign in with. You need your membership number."
    >
      <RegisterForm countries={countryOptions()} onSubmit={registerAccount} />
    </PublicPage>
  );
}
