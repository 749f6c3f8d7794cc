import { useLocale, useTranslations } from "next-intl";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { countryName } from "@/components/forms/country-options";
import { FieldGroup, FormSection } from "@/components/forms/form-section";
import { ReadOnlyField } from "@/components/forms/read-only-field";
import { SelectField, type SelectOption } from "@/components/forms/select-field";
import { TextField } from "@/components/forms/text-field";
import { utcToday } from "@/lib/contract/register-account";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import { formatDate } from "./format-date";
import {
  addressKinds,
  addressLineFields,
  phoneFields,
  phoneKinds,
  type ProfileField,
  type ProfileFormValues,
} from "@/lib/portal/profile/profile-fields";
import { storedPhone, toProfileValues } from "@/lib/portal/profile/profile-plan";
import { languageCodes } from "@/lib/contract/update-membership";

export interface ProfileSectionsProps {
  membership: MembershipResponse;
  countries: readonly SelectOption[];
  register: UseFormRegister<ProfileFormValues>;
  errors: FieldErrors<ProfileFormValues>;
  /** The date validation treats as today; tests pin it. */
  today?: string;
}

/**
 * The profile's fields, in their sections: the member's own profile form
 * and the staff console's edit form show the same fields under the same
 * rules (the plan and schema of profile-plan.ts).
 */
export function ProfileSections({ membership, countries, register, errors, today }: ProfileSectionsProps) {
  const t = useTranslations("profile");
  const locale = useLocale();
  const languageOptions = languageCodes.map((code) => ({ value: code, label: t(`languages.${code}`) }));
  const indicatorOptions = [
    { value: "Y", label: t("yes") },
    { value: "N", label: t("no") },
  ];
  const stored = toProfileValues(membership);
  const error = (field: ProfileField) => errors[field]?.message;
  const person = membership.member.person;
  const residence = person.countryOfResidence;

  return (
    <>
      <FormSection title={t("personal")}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <ReadOnlyField
            label={t("name")}
            value={[person.name.firstName, person.name.familyName].filter(Boolean).join(" ")}
            explanation={t("nameExplanation")}
          />
          <ReadOnlyField label={t("membershipNumber")} value={membership.membershipIdentifier} />
          {!membership.canAdd.title ? (
            <ReadOnlyField label={t("fields.title")} value={person.name.title} explanation={t("titleFixed")} />
          ) : null}
          {!membership.canAdd.dateOfBirth && person.dateOfBirth ? (
            <ReadOnlyField
              label={t("fields.dateOfBirth")}
              value={formatDate(person.dateOfBirth, locale)}
              explanation={t("dateOfBirthFixed")}
            />
          ) : null}
        </dl>
        {membership.canAdd.title ? (
          <TextField
            registration={register("title")}
            defaultValue={stored.title}
            label={t("fields.title")}
            optional
            hint={t("titleHint")}
            error={error("title")}
            autoComplete="honorific-prefix"
            maxLength={30}
            width="short"
          />
        ) : null}
        {membership.canAdd.dateOfBirth ? (
          <TextField
            registration={register("dateOfBirth")}
            defaultValue={stored.dateOfBirth}
            type="date"
            label={t("fields.dateOfBirth")}
            optional
            hint={t("dateOfBirthHint")}
            error={error("dateOfBirth")}
            autoComplete="bday"
            max={today ?? utcToday()}
            width="short"
          />
        ) : null}
        <SelectField
          registration={register("language")}
          defaultValue={stored.language}
          label={t("fields.language")}
          hint={t("languageHint")}
          placeholder={person.locale ? undefined : t("notChosen")}
          options={languageOptions}
          error={error("language")}
        />
      </FormSection>

      <FormSection title={t("contact")} description={t("contactDescription")}>
        <TextField
          registration={register("email")}
          defaultValue={stored.email}
          type="email"
          label={t("fields.email")}
          optional={!person.emailAddresses}
          error={error("email")}
          autoComplete="email"
          spellCheck={false}
          maxLength={50}
        />
        {phoneKinds.map((kind) => {
          const fields = phoneFields(kind.key);
          return (
            <FieldGroup
              key={kind.key}
              legend={t(`phones.${kind.key}`)}
              description={storedPhone(membership, kind.key) ? undefined : t("notAddedYet")}
            >
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-[7rem_7rem_1fr]">
                <TextField
                  registration={register(fields.countryCode)}
                  defaultValue={stored[fields.countryCode]}
                  type="tel"
                  label={t("countryCode")}
                  error={error(fields.countryCode)}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={6}
                />
                <TextField
                  registration={register(fields.areaCode)}
                  defaultValue={stored[fields.areaCode]}
                  type="tel"
                  label={t("areaCode")}
                  error={error(fields.areaCode)}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={6}
                />
                <TextField
                  registration={register(fields.number)}
                  defaultValue={stored[fields.number]}
                  type="tel"
                  label={t("number")}
                  error={error(fields.number)}
                  inputMode="tel"
                  autoComplete="off"
                  maxLength={20}
                  className="col-span-2 sm:col-span-1"
                />
              </div>
            </FieldGroup>
          );
        })}
      </FormSection>

      <FormSection title={t("addresses")}>
        {membership.canAdd.countryOfResidence ? (
          <SelectField
            registration={register("country")}
            defaultValue={stored.country}
            label={t("fields.country")}
            hint={t("countryHint")}
            placeholder={t("chooseCountry")}
            options={countries}
            autoComplete="country"
            error={error("country")}
          />
        ) : (
          <dl>
            <ReadOnlyField
              label={t("fields.country")}
              value={residence ? countryName(countries, residence) : ""}
              explanation={t("countryFixed")}
            />
          </dl>
        )}
        <div className="grid gap-8 md:grid-cols-2 md:gap-6">
          {addressKinds.map((kind) => (
            <FieldGroup
              key={kind.key}
              legend={kind.key === "home" ? t("homeAddressPreferred") : t("addressKinds.work")}
              description={person[kind.role] ? undefined : t("notAddedYet")}
            >
              {addressLineFields(kind.key).map((field, index) => (
                <TextField
                  key={field}
                  registration={register(field)}
                  defaultValue={stored[field]}
                  label={t("line", { line: index + 1 })}
                  optional={index > 0}
                  error={error(field)}
                  autoComplete={kind.key === "home" ? `address-line${Math.min(index + 1, 3) as 1 | 2 | 3}` : "off"}
                  maxLength={50}
                />
              ))}
              <TextField
                registration={register(`${kind.key}PostCode`)}
                defaultValue={stored[`${kind.key}PostCode`]}
                label={t("postCode")}
                error={error(`${kind.key}PostCode`)}
                autoComplete={kind.key === "home" ? "postal-code" : "off"}
                spellCheck={false}
                width="short"
              />
            </FieldGroup>
          ))}
        </div>
      </FormSection>

      <FormSection title={t("preferences")}>
        <FieldGroup legend={t("offersByPost")}>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              registration={register("travelOffers")}
              defaultValue={stored.travelOffers}
              label={t("travelOffers")}
              placeholder={
                membership.member.marketingPreference.some((item) => item.campaignType === "TRAVEL_OFFERS")
                  ? undefined
                  : t("notChosen")
              }
              options={indicatorOptions}
              error={error("travelOffers")}
            />
            <SelectField
              registration={register("partnerOffers")}
              defaultValue={stored.partnerOffers}
              label={t("partnerOffers")}
              placeholder={
                membership.member.marketingPreference.some((item) => item.campaignType === "PARTNER")
                  ? undefined
                  : t("notChosen")
              }
              options={indicatorOptions}
              error={error("partnerOffers")}
            />
          </div>
        </FieldGroup>
        <FieldGroup legend={t("contactBy")}>
          <div className="grid gap-4 sm:grid-cols-3">
            {(
              [
                ["contactByEmail", "EMAIL", t("channels.email")],
                ["contactBySms", "SMS", t("channels.sms")],
                ["contactByPhone", "PHONE", t("channels.phone")],
              ] as const
            ).map(([field, channel, label]) => (
              <SelectField
                key={field}
                registration={register(field)}
                defaultValue={stored[field]}
                label={label}
                placeholder={
                  membership.member.contactPreference.some((item) => item.communicationChannel === channel)
                    ? undefined
                    : t("notChosen")
                }
                options={indicatorOptions}
                error={error(field)}
              />
            ))}
          </div>
        </FieldGroup>
      </FormSection>
    </>
  );
}
