import { useTranslations } from "next-intl";

/**
 * The username and password rules, shown before the member types (not only
 * after a refusal). They restate the contract's rules in lib/contract/register-account.ts,
 * which remain what actually validates.
 */
export function UsernameRules() {
  const t = useTranslations("register");
  return <>{t("usernameRules")}</>;
}

export function PasswordRules() {
  const t = useTranslations("register");
  return (
    <ul className="list-disc space-y-0.5 pl-5">
      <li>{t("passwordRuleLength")}</li>
      <li>{t("passwordRuleMix")}</li>
    </ul>
  );
}
