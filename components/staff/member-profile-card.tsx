import { formatDate } from "@/components/profile/format-date";
import { languageNames } from "@/lib/portal/profile/profile-fields";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import { ContactDetails, type ContactDetailsView } from "./contact-details";

const preferenceLabels: Record<string, string> = {
  TRAVEL_OFFERS: "Travel offers by post",
  PARTNER: "Partner offers by post",
  EMAIL: "Contact by email",
  SMS: "Contact by text message",
  PHONE: "Contact by phone",
};

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

const notGiven = <span className="font-normal text-slate-500">Not given</span>;

/**
 * The member's profile as the service holds it (upper-case ASCII), with the
 * email and phone numbers shown as the role may see them.
 */
export function MemberProfileCard({
  membership,
  contact,
  countryName,
}: {
  membership: MembershipResponse;
  contact: ContactDetailsView;
  countryName: (code: string) => string;
}) {
  const person = membership.member.person;
  const address = (kind: "preferredPostalAddress" | "otherPostalAddress") => {
    const value = person[kind];
    if (!value) return notGiven;
    return (
      <>
        {value.addressLines.map((line, index) => (
          <span key={index} className="block">
            {line}
          </span>
        ))}
        {value.postCode ? <span className="block">{value.postCode}</span> : null}
      </>
    );
  };
  const preferences = [...membership.member.marketingPreference, ...membership.member.contactPreference];

  return (
    <section
      aria-labelledby="profile-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="profile-heading" className="text-lg font-semibold text-slate-900">
        Profile
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <Fact label="Name">
          {[person.name.title, person.name.firstName, person.name.familyName].filter(Boolean).join(" ")}
        </Fact>
        <Fact label="Date of birth">{person.dateOfBirth ? formatDate(person.dateOfBirth) : notGiven}</Fact>
        <Fact label="Country of residence">
          {person.countryOfResidence ? countryName(person.countryOfResidence) : notGiven}
        </Fact>
        <Fact label="Language">
          {person.locale
            ? (languageNames[person.locale.languageCode as keyof typeof languageNames] ?? person.locale.languageCode)
            : notGiven}
        </Fact>
        <Fact label="Home address">{address("preferredPostalAddress")}</Fact>
        <Fact label="Work address">{address("otherPostalAddress")}</Fact>
      </dl>
      <div className="mt-6 border-t border-slate-100 pt-4">
        <ContactDetails {...contact} />
      </div>
      <div className="mt-6 border-t border-slate-100 pt-4">
        <h3 className="text-base font-semibold text-slate-900">Preferences</h3>
        {preferences.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">None given.</p>
        ) : (
          <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
            {preferences.map((preference) => {
              const key = "campaignType" in preference ? preference.campaignType : preference.communicationChannel;
              return (
                <li key={key}>
                  {preferenceLabels[key] ?? key}: <strong>{preference.indicator === "Y" ? "Yes" : "No"}</strong>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
