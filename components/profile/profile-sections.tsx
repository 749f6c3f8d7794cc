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
  indicatorOptions,
  languageOptions,
  phoneFields,
  phoneKinds,
  type ProfileField,
  type ProfileFormValues,
} from "@/lib/portal/profile/profile-fields";
import { storedPhone, toProfileValues } from "@/lib/portal/profile/profile-plan";

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
  const stored = toProfileValues(membership);
  const error = (field: ProfileField) => errors[field]?.message;
  const person = membership.member.person;
  const residence = person.countryOfResidence;

  return (
    <>
      <FormSection title="Personal details">
        <dl className="grid gap-4 sm:grid-cols-2">
          <ReadOnlyField
            label="Name"
            value={[person.name.firstName, person.name.familyName].filter(Boolean).join(" ")}
            explanation="To change your name, contact the programme."
          />
          <ReadOnlyField label="Membership number" value={membership.membershipIdentifier} />
          {!membership.canAdd.title ? (
            <ReadOnlyField label="Title" value={person.name.title} explanation="A title cannot be changed once set." />
          ) : null}
          {!membership.canAdd.dateOfBirth && person.dateOfBirth ? (
            <ReadOnlyField
              label="Date of birth"
              value={formatDate(person.dateOfBirth)}
              explanation="A date of birth cannot be changed once set."
            />
          ) : null}
        </dl>
        {membership.canAdd.title ? (
          <TextField
            registration={register("title")}
            defaultValue={stored.title}
            label="Title"
            optional
            hint="For example Mr, Ms, Dr. Once saved, it cannot be changed."
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
            label="Date of birth"
            optional
            hint="You must be 18 or over. Once saved, it cannot be changed."
            error={error("dateOfBirth")}
            autoComplete="bday"
            max={today ?? utcToday()}
            width="short"
          />
        ) : null}
        <SelectField
          registration={register("language")}
          defaultValue={stored.language}
          label="Language"
          hint="The language we write to you in."
          placeholder={person.locale ? undefined : "Not chosen"}
          options={languageOptions}
          error={error("language")}
        />
      </FormSection>

      <FormSection
        title="Email and phone"
        description="They can be changed but not removed. A phone's country code is that of your country of residence, such as 44 for the United Kingdom."
      >
        <TextField
          registration={register("email")}
          defaultValue={stored.email}
          type="email"
          label="Email address"
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
              legend={kind.label}
              description={storedPhone(membership, kind.key) ? undefined : "Not added yet."}
            >
              <div className="grid grid-cols-2 gap-3 sm:grid-cols-[7rem_7rem_1fr]">
                <TextField
                  registration={register(fields.countryCode)}
                  defaultValue={stored[fields.countryCode]}
                  type="tel"
                  label="Country code"
                  error={error(fields.countryCode)}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={6}
                />
                <TextField
                  registration={register(fields.areaCode)}
                  defaultValue={stored[fields.areaCode]}
                  type="tel"
                  label="Area code"
                  error={error(fields.areaCode)}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={6}
                />
                <TextField
                  registration={register(fields.number)}
                  defaultValue={stored[fields.number]}
                  type="tel"
                  label="Number"
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

      <FormSection title="Addresses">
        {membership.canAdd.countryOfResidence ? (
          <SelectField
            registration={register("country")}
            defaultValue={stored.country}
            label="Country of residence"
            hint="Set with your first address, and then it cannot be changed. Your addresses must be in this country."
            placeholder="Choose a country"
            options={countries}
            autoComplete="country"
            error={error("country")}
          />
        ) : (
          <dl>
            <ReadOnlyField
              label="Country of residence"
              value={residence ? countryName(countries, residence) : ""}
              explanation="It cannot be changed; your addresses must be in this country."
            />
          </dl>
        )}
        <div className="grid gap-8 md:grid-cols-2 md:gap-6">
          {addressKinds.map((kind) => (
            <FieldGroup
              key={kind.key}
              legend={kind.key === "home" ? "Home address (preferred)" : "Work address"}
              description={person[kind.role] ? undefined : "Not added yet."}
            >
              {addressLineFields(kind.key).map((field, index) => (
                <TextField
                  key={field}
                  registration={register(field)}
                  defaultValue={stored[field]}
                  label={`Line ${index + 1}`}
                  optional={index > 0}
                  error={error(field)}
                  autoComplete={kind.key === "home" ? `address-line${Math.min(index + 1, 3) as 1 | 2 | 3}` : "off"}
                  maxLength={50}
                />
              ))}
              <TextField
                registration={register(`${kind.key}PostCode`)}
                defaultValue={stored[`${kind.key}PostCode`]}
                label="Postcode"
                error={error(`${kind.key}PostCode`)}
                autoComplete={kind.key === "home" ? "postal-code" : "off"}
                spellCheck={false}
                width="short"
              />
            </FieldGroup>
          ))}
        </div>
      </FormSection>

      <FormSection title="Preferences">
        <FieldGroup legend="Offers by post">
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              registration={register("travelOffers")}
              defaultValue={stored.travelOffers}
              label="Travel offers"
              placeholder={
                membership.member.marketingPreference.some((item) => item.campaignType === "TRAVEL_OFFERS")
                  ? undefined
                  : "Not chosen"
              }
              options={indicatorOptions}
              error={error("travelOffers")}
            />
            <SelectField
              registration={register("partnerOffers")}
              defaultValue={stored.partnerOffers}
              label="Partner offers"
              placeholder={
                membership.member.marketingPreference.some((item) => item.campaignType === "PARTNER")
                  ? undefined
                  : "Not chosen"
              }
              options={indicatorOptions}
              error={error("partnerOffers")}
            />
          </div>
        </FieldGroup>
        <FieldGroup legend="We may contact you by">
          <div className="grid gap-4 sm:grid-cols-3">
            {(
              [
                ["contactByEmail", "EMAIL", "Email"],
                ["contactBySms", "SMS", "Text message"],
                ["contactByPhone", "PHONE", "Phone"],
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
                    : "Not chosen"
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
