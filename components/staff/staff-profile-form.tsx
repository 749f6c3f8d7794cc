"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { NextIntlClientProvider, useLocale, useMessages, useTimeZone, useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormAlert, FormStatus } from "@/components/forms/form-alert";
import type { SelectOption } from "@/components/forms/select-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { useAfterRender, useFocusRequest } from "@/components/forms/use-focus-request";
import { profileChanges, type ProfileChange } from "@/lib/portal/profile/profile-changes";
import {
  profileFieldLabels,
  profileFields,
  type ProfileField,
  type ProfileFormValues,
} from "@/lib/portal/profile/profile-fields";
import { profileFormSchema, shownProfileFields, toProfileValues } from "@/lib/portal/profile/profile-plan";
import { ProfileSections } from "@/components/profile/profile-sections";
import { utcToday } from "@/lib/contract/register-account";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import { languageCodes } from "@/lib/contract/update-membership";
import type { StaffActionResult } from "@/lib/actions/action-result";
import type { StaffProfileEditInput } from "@/lib/portal/staff/profile-edit-schema";
import { withReasonCode, type ReasonCodeOption } from "@/lib/portal/staff/reason";
import { ReasonCodeFields } from "./reason-code-fields";
import { staffProfileWords } from "@/lib/portal/staff/staff-profile-words";
import { storedProfileValue } from "@/lib/portal/profile/stored-profile-value";
import { formatDay } from "@/lib/portal/staff/staff-dates";
import { Button } from "@/components/ui/button";

export interface StaffProfileFormProps {
  membership: MembershipResponse;
  countries: readonly SelectOption[];
  /** The reason codes to choose from (kept in the database). */
  reasonCodes: readonly ReasonCodeOption[];
  onSave: (input: StaffProfileEditInput) => Promise<StaffActionResult<{ changed: string[] }>>;
  today?: string;
}

const reasonFormSchema = withReasonCode({});
const noReason = { reasonCode: "", reason: "" };
type Step = { kind: "edit" } | { kind: "review"; changes: ProfileChange[] };

/**
 * A member's profile edited by staff: the member's own form fields and
 * rules (ProfileSections, profileFormSchema) in the console's words
 * (staffProfileWords), then a preview of what changes, before and after as
 * the service will store it, with the required reason; only then is it
 * saved (the server plans and checks it again).
 */
export function StaffProfileForm({ membership, countries, reasonCodes, onSave, today }: StaffProfileFormProps) {
  const schema = useMemo(() => profileFormSchema(membership, today ?? utcToday()), [membership, today]);
  const profile = useForm<ProfileFormValues>({
    resolver: zodResolver(schema),
    defaultValues: toProfileValues(membership),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const reasonForm = useForm<z.input<typeof reasonFormSchema>, unknown, z.output<typeof reasonFormSchema>>({
    resolver: zodResolver(reasonFormSchema),
    defaultValues: noReason,
  });
  const [step, setStep] = useState<Step>({ kind: "edit" });
  const [status, setStatus] = useState<{ tone: "success" | "info"; message: string }>();
  const [alertMessages, setAlertMessages] = useState<string[]>([]);
  const { ref: alertRef, requestFocus: focusAlert } = useFocusRequest<HTMLDivElement>();
  const afterRender = useAfterRender();
  const reviewRef = useRef<HTMLHeadingElement>(null);
  const shown = shownProfileFields(membership);
  const words = useStaffProfileWords();
  const shownValue = (field: ProfileField, value: string) => {
    if (value === "") return "";
    if (field === "language") return words.language(value);
    if (field === "country") return countries.find((country) => country.value === value)?.label ?? value;
    if (field === "dateOfBirth") return formatDay(value);
    if (value === "Y" || value === "N") return words.yesNo(value);
    return value;
  };

  // After a save the page is rendered again with the stored membership: the form starts from it.
  const previous = useRef(membership);
  useEffect(() => {
    if (previous.current === membership) return;
    previous.current = membership;
    profile.reset(toProfileValues(membership));
    reasonForm.reset(noReason);
  }, [membership, profile, reasonForm]);

  useEffect(() => {
    if (step.kind === "review") reviewRef.current?.focus();
  }, [step]);

  const review = (event: FormEvent<HTMLFormElement>) => {
    setStatus(undefined);
    setAlertMessages([]);
    return profile.handleSubmit((values) => {
      const changes = profileChanges(membership, values);
      if (changes.length === 0) {
        setStatus({ tone: "info", message: "Nothing to save: no details were changed." });
        return;
      }
      setStep({ kind: "review", changes });
    })(event);
  };

  const save = (event: FormEvent<HTMLFormElement>) =>
    reasonForm.handleSubmit(async ({ reasonCode, reason }) => {
      setAlertMessages([]);
      let result: StaffActionResult<{ changed: string[] }>;
      try {
        result = await onSave({
          membershipNumber: membership.membershipIdentifier,
          values: profile.getValues(),
          reasonCode,
          ...(reason ? { reason } : {}),
        });
      } catch {
        result = {
          ok: false,
          code: "failed",
          message: "The changes could not be sent. Check your connection and try again.",
        };
      }
      if (result.ok) {
        setStep({ kind: "edit" });
        setStatus({ tone: "success", message: `Saved: ${result.data.changed.join(", ")}.` });
        return;
      }
      const messages = [result.message];
      let placed: ProfileField | undefined;
      for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
        if (field === "reason" || field === "reasonCode") {
          reasonForm.setError(field, { type: "server", message });
        } else if ((profileFields as readonly string[]).includes(field) && shown.has(field as ProfileField)) {
          profile.setError(field as ProfileField, { type: "server", message });
          placed ??= field as ProfileField;
        } else if (field.startsWith("values.")) {
          messages.push(message);
        } else {
          messages.push(`${profileFieldLabels[field as ProfileField] ?? field}: ${message}`);
        }
      }
      setAlertMessages(messages);
      if (placed) {
        setStep({ kind: "edit" });
        afterRender(() => profile.setFocus(placed));
      } else focusAlert();
    })(event);

  return (
    <div className="space-y-6">
      <FormAlert ref={alertRef} title="The profile was not saved" messages={alertMessages} />
      <FormStatus message={status?.message} tone={status?.tone} />

      <form noValidate method="post" onSubmit={review} className="space-y-6" hidden={step.kind === "review"}>
        <NextIntlClientProvider locale={words.locale} messages={words.messages} timeZone={words.timeZone}>
          <ProfileSections
            membership={membership}
            countries={countries}
            register={profile.register}
            errors={profile.formState.errors}
            today={today}
          />
        </NextIntlClientProvider>
        <div className="flex justify-end">
          <SubmitButton pending={false} pendingLabel="Checking…">
            Review changes
          </SubmitButton>
        </div>
      </form>

      {step.kind === "review" ? (
        <form noValidate method="post" onSubmit={save} className="space-y-5">
          <section
            aria-labelledby="review-heading"
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h2
              id="review-heading"
              ref={reviewRef}
              tabIndex={-1}
              className="text-lg font-semibold text-slate-900 focus:outline-none"
            >
              Check the changes
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              The service keeps text in capitals without accents: &ldquo;After saving&rdquo; is the value it will store.
            </p>
            <div className="mt-4 overflow-x-auto">
              <table className="w-full border-collapse text-left text-sm">
                <caption className="sr-only">What the save changes</caption>
                <thead className="border-b border-slate-200 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3">
                      Field
                    </th>
                    <th scope="col" className="py-2 pr-3">
                      Now
                    </th>
                    <th scope="col" className="py-2">
                      After saving
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {step.changes.map((change) => (
                    <tr key={change.field}>
                      <th scope="row" className="py-2 pr-3 align-top font-medium text-slate-900">
                        {change.label}
                      </th>
                      <td className="py-2 pr-3 align-top break-all text-slate-700">
                        {shownValue(change.field, change.before) || <span className="text-slate-500">(empty)</span>}
                      </td>
                      <td className="py-2 align-top font-medium break-all text-slate-900">
                        {shownValue(change.field, storedProfileValue(change.field, change.after)) || (
                          <span className="text-slate-500">(empty)</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <ReasonCodeFields
            codes={reasonCodes}
            code={{
              registration: reasonForm.register("reasonCode"),
              error: reasonForm.formState.errors.reasonCode?.message,
            }}
            details={{
              registration: reasonForm.register("reason"),
              error: reasonForm.formState.errors.reason?.message,
            }}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              size="lg"
              className="w-full sm:w-auto"
              onClick={() => setStep({ kind: "edit" })}
            >
              Back to editing
            </Button>
            <SubmitButton pending={reasonForm.formState.isSubmitting} pendingLabel="Saving…">
              Save changes
            </SubmitButton>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** The catalogue with the staff's sentences in place of the member's, and the words of coded values. */
function useStaffProfileWords() {
  const messages = useMessages();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const t = useTranslations("profile");
  const staffMessages = useMemo(
    () => ({ ...messages, profile: { ...(messages.profile as object), ...staffProfileWords } }),
    [messages],
  );
  return {
    locale,
    timeZone,
    messages: staffMessages,
    language: (code: string) =>
      (languageCodes as readonly string[]).includes(code)
        ? t(`languages.${code as (typeof languageCodes)[number]}`)
        : code,
    yesNo: (value: "Y" | "N") => (value === "Y" ? t("yes") : t("no")),
  };
}
