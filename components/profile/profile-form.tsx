"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { FormAlert, FormStatus } from "@/components/forms/form-alert";
import type { SelectOption } from "@/components/forms/select-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { refusal, type ActionResult } from "@/lib/actions/action-result";
import { utcToday } from "@/lib/contract/register-account";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";
import { profileFields, type ProfileField, type ProfileFormValues } from "@/lib/portal/profile/profile-fields";
import {
  comparable,
  planProfileUpdate,
  profileFieldForPath,
  profileFormSchema,
  shownProfileFields,
  toProfileValues,
  type ProfileUpdate,
} from "@/lib/portal/profile/profile-plan";
import { useFocusRequest } from "@/components/forms/use-focus-request";
import { useFormMessage } from "@/components/forms/use-form-message";
import { ProfileSections } from "./profile-sections";
import { useProfileFieldLabel } from "./use-profile-field-label";

export interface ProfileFormProps {
  membership: MembershipResponse;
  countries: readonly SelectOption[];
  /** Sends one PATCH of the membership; the form sends only what changed, possibly in several PATCHes. */
  onSubmit: (update: ProfileUpdate) => Promise<ActionResult | undefined>;
  /** The date validation treats as today; tests pin it. */
  today?: string;
}

type Status = { tone: "success" | "info"; message: string } | undefined;

export function ProfileForm({ membership, countries, onSubmit, today }: ProfileFormProps) {
  const schema = useMemo(() => profileFormSchema(membership, today ?? utcToday()), [membership, today]);
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    setError,
    setFocus,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(schema),
    defaultValues: toProfileValues(membership),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const t = useTranslations("profile");
  const translate = useFormMessage();
  const fieldLabel = useProfileFieldLabel();
  const [status, setStatus] = useState<Status>();
  const [alertMessages, setAlertMessages] = useState<string[]>([]);
  const { ref: alertRef, requestFocus: focusAlert } = useFocusRequest<HTMLDivElement>();
  const { ref: statusRef, requestFocus: focusStatus } = useFocusRequest<HTMLDivElement>();

  // After a save the page is rendered again with the stored membership. Show what is stored, except
  // where the member typed something that is neither the old nor the new stored value: that was not saved.
  const previous = useRef(membership);
  useEffect(() => {
    if (previous.current === membership) return;
    const before = toProfileValues(previous.current);
    const after = toProfileValues(membership);
    previous.current = membership;
    const current = getValues();
    const same = (field: ProfileField, a: string, b: string) => comparable(field, a) === comparable(field, b);
    const unsaved = profileFields.filter(
      (field) => !same(field, current[field], after[field]) && !same(field, current[field], before[field]),
    );
    reset(after);
    for (const field of unsaved) setValue(field, current[field], { shouldDirty: true });
  }, [membership, getValues, reset, setValue]);

  const shown = shownProfileFields(membership);

  const onValid = async (values: ProfileFormValues) => {
    setStatus(undefined);
    setAlertMessages([]);
    const { patches } = planProfileUpdate(membership, values);
    if (patches.length === 0) {
      setStatus({ tone: "info", message: t("nothingToSave") });
      return;
    }
    for (const [index, patch] of patches.entries()) {
      let result: ActionResult | undefined;
      try {
        result = await onSubmit(patch.body);
      } catch {
        result = refusal("unavailable", t("notSent"));
      }
      if (!result || result.ok) continue;

      const messages = [result.message];
      if (index > 0) messages.push(t("otherChangesSaved"));
      const placed: ProfileField[] = [];
      for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
        const field = profileFieldForPath(path, patch);
        if (field && shown.has(field)) {
          setError(field, { type: "server", message });
          placed.push(field);
        } else {
          messages.push(field ? t("fieldMessage", { field: fieldLabel(field), message: translate(message) }) : message);
        }
      }
      setAlertMessages(messages);
      const first = profileFields.find((field) => placed.includes(field));
      if (first) setFocus(first);
      else focusAlert();
      return;
    }
    setStatus({ tone: "success", message: t("saved") });
    // Said beside the Save button, where the member is, and focused there (not 1,500 px up the page).
    focusStatus();
  };
  // handleSubmit is called in the event, not during render: the callback reads a ref.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Cleared at once, so an earlier "saved" is never read as the answer to this save.
    setStatus(undefined);
    setAlertMessages([]);
    return handleSubmit(onValid)(event);
  };

  return (
    <form noValidate method="post" onSubmit={submit} className="space-y-6">
      <FormAlert ref={alertRef} title={t("notSaved")} messages={alertMessages} />
      <ProfileSections
        membership={membership}
        countries={countries}
        register={register}
        errors={errors}
        today={today}
      />

      <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        <FormStatus ref={statusRef} message={status?.message} tone={status?.tone} />
        <SubmitButton pending={isSubmitting} pendingLabel={t("saving")}>
          {t("save")}
        </SubmitButton>
      </div>
    </form>
  );
}
