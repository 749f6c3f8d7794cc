import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccountSummary } from "@/components/account/account-summary";
import { ServiceProblem } from "@/components/portal/service-problem";
import { programmeName } from "@/lib/portal/sign-in-programmes";
import { loadAccount } from "@/server/portal/account/load-account";
import { requireMemberSession } from "@/server/portal/auth/member-session";
import { serviceFailure } from "@/server/portal/service-failure";
import { ButtonLink } from "@/components/ui/button";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("account"))("title") };
}

export default async function AccountPage() {
  const session = await requireMemberSession();
  const t = await getTranslations("account");
  let account;
  try {
    account = await loadAccount(session);
  } catch (error) {
    const failure = await serviceFailure(error);
    return (
      <>
        <h1 className="mb-4 text-2xl font-bold tracking-tight">{t("title")}</h1>
        <ServiceProblem {...failure} retryHref="/account" />
      </>
    );
  }

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold tracking-tight">
        {session.name ? t("greeting", { name: session.name.split(" ")[0] ?? session.name }) : t("title")}
      </h1>
      <AccountSummary
        account={account}
        programmeName={programmeName(session.programme)}
        membershipNumber={session.membershipNumber}
      />
      <p className="mt-6">
        <ButtonLink href="/transactions" variant="primary">
          {t("seeTransactions")}
        </ButtonLink>
      </p>
    </>
  );
}
