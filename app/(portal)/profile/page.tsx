import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { countryOptions } from "@/components/forms/country-options";
import { ServiceProblem } from "@/components/portal/service-problem";
import { ProfileForm } from "@/components/profile/profile-form";
import { ProfileHeading } from "@/components/profile/profile-heading";
import { ClientMessagesProvider } from "@/components/ui/client-messages-provider";
import { formattingLocale } from "@/lib/i18n/locales";
import { requireMemberSession } from "@/server/portal/auth/member-session";
import { loadMembership } from "@/server/portal/profile/load-membership";
import { updateProfile } from "@/server/portal/profile/update-profile-action";
import { serviceFailure } from "@/server/portal/service-failure";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("profile"))("title") };
}

export default async function ProfilePage() {
  const session = await requireMemberSession();
  let membership;
  try {
    membership = await loadMembership(session);
  } catch (error) {
    // A refused token ends the session (redirect to log in); an outage is said in plain words.
    const failure = await serviceFailure(error);
    return (
      <>
        <ProfileHeading />
        <ServiceProblem {...failure} retryHref="/profile" />
      </>
    );
  }
  return (
    <>
      <ProfileHeading />
      <ClientMessagesProvider namespaces={["profile", "forms", "formMessages"]}>
        <ProfileForm
          membership={membership}
          countries={countryOptions(formattingLocale(await getLocale()))}
          onSubmit={updateProfile}
        />
      </ClientMessagesProvider>
    </>
  );
}
