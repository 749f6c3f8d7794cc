"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useMemo, useState, type FormEvent } from "react";
import { useForm, useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { fieldIds } from "@/components/forms/field-ids";
import { FormAlert } from "@/components/forms/form-alert";
import { FormSection } from "@/components/forms/form-section";
import { SelectField, type SelectOption } from "@/components/forms/select-field";
import { useFocusRequest } from "@/components/forms/use-focus-request";
import { useFormMessage } from "@/components/forms/use-form-message";
import { SubmitButton } from "@/components/forms/submit-button";
import { refusal, type ActionResult } from "@/lib/actions/action-result";
import { TextField } from "@/components/forms/text-field";
import { registeredIdentifierTypes, utcToday } from "@/lib/contract/register-account";
import { PasswordRules, UsernameRules } from "./credential-rules";
import {
  emptyRegisterValues,
  registerFieldForPath,
  registerFields,
  registerFormSchema,
  residenceNeeds,
  shownRegisterFields,
  toRegisterRequest,
  type RegisterField,
  type RegisterFormValues,
  type RegisterSubmission,
} from "./register-form-schema";
import { securityQuestions } from "./security-questions";
import { Button } from "@/components/ui/button";

export interface RegisterFormProps {
  /** Countries of residence to choose from (built on the server, see country-options.ts). */
  countries: readonly SelectOption[];
  /** Sends the registration; on success it navigates away (the server action redirects). */
  onSubmit: (submission: RegisterSubmission) => Promise<ActionResult | undefined>;
  /** The date validation treats as today; tests pin it. */
  today?: string;
}

export function RegisterForm({ countries, onSubmit, today }: RegisterFormProps) {
  const t = useTranslations("register");
  const translate = useFormMessage();
  const identifierTypeOptions: SelectOption[] = registeredIdentifierTypes.map((type) => ({
    value: type,
    label: t(`documents.${type}`),
  }));
  const questions: SelectOption[] = securityQuestions.map((question) => ({
    value: question.value,
    label: t(`questions.${question.value as "1"}`),
  }));
  const schema = useMemo(() => registerFormSchema(today ?? utcToday()), [today]);
  const {
    register,
    handleSubmit,
    control,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<RegisterFormValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyRegisterValues,
    // Fields are judged on submit, then again as they are corrected.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const [alertMessages, setAlertMessages] = useState<string[]>([]);
  const { ref: alertRef, requestFocus: focusAlert } = useFocusRequest<HTMLDivElement>();

  const country = useWatch({ control, name: "country" });
  const needs = residenceNeeds(country);
  const error = (field: RegisterField) => errors[field]?.message;

  const onValid = async (values: RegisterFormValues) => {
    setAlertMessages([]);
    let result: ActionResult | undefined;
    try {
      result = await onSubmit(toRegisterRequest(values));
    } catch {
      result = refusal("unavailable", t("notSent"));
    }
    if (!result || result.ok) return;

    // Refusals on fields the member can see go under those fields; any other goes to the alert.
    const shown = shownRegisterFields(values.country);
    const messages = [result.message];
    const placed: RegisterField[] = [];
    for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
      const field = registerFieldForPath(path);
      if (field && shown.has(field)) {
        setError(field, { type: "server", message });
        placed.push(field);
      } else {
        messages.push(
          field ? t("fieldMessage", { field: t(`fields.${field}`), message: translate(message) }) : message,
        );
      }
    }
    setAlertMessages(messages);
    const first = registerFields.find((field) => placed.includes(field));
    if (first) setFocus(first);
    else focusAlert();
  };
  // handleSubmit is called in the event, not during render: the callback reads a ref.
  const submit = (event: FormEvent<HTMLFormElement>) => handleSubmit(onValid)(event);

  // method="post": a submit before hydration must not put the password into the URL of a GET.
  return (
    <form noValidate method="post" onSubmit={submit} className="space-y-6">
      <FormAlert ref={alertRef} title={t("alertTitle")} messages={alertMessages} />

      <FormSection title={t("membership")} description={t("membershipDescription")}>
        <TextField
          registration={register("membershipNumber")}
          label={t("fields.membershipNumber")}
          hint={t("membershipNumberHint")}
          error={error("membershipNumber")}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField
          registration={register("country")}
          label={t("fields.country")}
          hint={t("countryHint")}
          placeholder={t("chooseCountry")}
          options={countries}
          autoComplete="country"
          error={error("country")}
        />
        {needs.postCode ? (
          <TextField
            registration={register("postCode")}
            label={t("fields.postCode")}
            hint={t("postCodeHint")}
            error={error("postCode")}
            autoComplete="postal-code"
            spellCheck={false}
            width="short"
          />
        ) : null}
        {needs.identifier ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField
              registration={register("identifierType")}
              label={t("fields.identifierType")}
              placeholder={t("chooseDocument")}
              options={identifierTypeOptions}
              error={error("identifierType")}
            />
            <TextField
              registration={register("identifierNumber")}
              label={t("fields.identifierNumber")}
              error={error("identifierNumber")}
              autoComplete="off"
              spellCheck={false}
              maxLength={24}
            />
          </div>
        ) : null}
        {needs.dateOfBirth ? (
          <TextField
            registration={register("dateOfBirth")}
            type="date"
            label={t("fields.dateOfBirth")}
            error={error("dateOfBirth")}
            autoComplete="bday"
            max={today ?? utcToday()}
            width="short"
          />
        ) : null}
      </FormSection>

      <FormSection title={t("login")} description={t("loginDescription")}>
        <TextField
          registration={register("username")}
          label={t("fields.username")}
          hint={<UsernameRules />}
          error={error("username")}
          autoComplete="username"
          spellCheck={false}
          maxLength={50}
        />
        <PasswordInput registration={register("password")} error={error("password")} />
      </FormSection>

      <FormSection title={t("security")} description={t("securityDescription")}>
        <SelectField
          registration={register("question1")}
          label={t("fields.question1")}
          placeholder={t("chooseQuestion")}
          options={questions}
          error={error("question1")}
        />
        <TextField
          registration={register("answer1")}
          label={t("fields.answer1")}
          error={error("answer1")}
          autoComplete="off"
          maxLength={100}
        />
        <SelectField
          registration={register("question2")}
          label={t("fields.question2")}
          placeholder={t("chooseQuestion")}
          options={questions}
          error={error("question2")}
        />
        <TextField
          registration={register("answer2")}
          label={t("fields.answer2")}
          error={error("answer2")}
          autoComplete="off"
          maxLength={100}
        />
      </FormSection>

      <div className="flex flex-col-reverse items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          {t("alreadyRegistered")}{" "}
          <a href="/login" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {t("signIn")}
          </a>
        </p>
        <SubmitButton pending={isSubmitting} pendingLabel={t("registering")}>
          {t("submit")}
        </SubmitButton>
      </div>
    </form>
  );
}

/** The password with a show/hide switch: typing a strong password blind is where mistakes happen. */
function PasswordInput({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const t = useTranslations("register");
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <TextField
        registration={registration}
        type={visible ? "text" : "password"}
        label={t("fields.password")}
        hint={<PasswordRules />}
        error={error}
        autoComplete="new-password"
        spellCheck={false}
      />
      <Button
        variant="link"
        aria-controls={fieldIds(registration.name).input}
        onClick={() => setVisible((shown) => !shown)}
        className="mt-2"
      >
        {visible ? t("hidePassword") : t("showPassword")}
      </Button>
    </div>
  );
}
