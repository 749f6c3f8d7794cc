"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { useForm, useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { fieldIds } from "@/components/forms/field-ids";
import { FormAlert } from "@/components/forms/form-alert";
import { FormSection } from "@/components/forms/form-section";
import { SelectField, type SelectOption } from "@/components/forms/select-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { refusal, type ActionResult } from "@/lib/portal/action-result";
import { TextField } from "@/components/forms/text-field";
import { registeredIdentifierTypes, utcToday } from "@/lib/contract/register-account";
import { PasswordRules, UsernameRules } from "./credential-rules";
import {
  emptyRegisterValues,
  registerFieldForPath,
  registerFieldLabels,
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

const identifierTypeLabels: Record<(typeof registeredIdentifierTypes)[number], string> = {
  PASSPORT: "Passport",
  NATIONAL_IDENTITY_CARD: "National identity card",
};
const identifierTypeOptions: SelectOption[] = registeredIdentifierTypes.map((type) => ({
  value: type,
  label: identifierTypeLabels[type],
}));

export interface RegisterFormProps {
  /** Countries of residence to choose from (built on the server, see country-options.ts). */
  countries: readonly SelectOption[];
  /** Sends the registration; on success it navigates away (the server action redirects). */
  onSubmit: (submission: RegisterSubmission) => Promise<ActionResult | undefined>;
  /** The date validation treats as today; tests pin it. */
  today?: string;
}

export function RegisterForm({ countries, onSubmit, today }: RegisterFormProps) {
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
  const alertRef = useRef<HTMLDivElement>(null);

  const country = useWatch({ control, name: "country" });
  const needs = residenceNeeds(country);
  const error = (field: RegisterField) => errors[field]?.message;

  const onValid = async (values: RegisterFormValues) => {
    setAlertMessages([]);
    let result: ActionResult | undefined;
    try {
      result = await onSubmit(toRegisterRequest(values));
    } catch {
      result = refusal("unavailable", "The registration could not be sent. Check your connection and try again.");
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
        messages.push(field ? `${registerFieldLabels[field]}: ${message}` : message);
      }
    }
    setAlertMessages(messages);
    const first = registerFields.find((field) => placed.includes(field));
    if (first) setFocus(first);
    else requestAnimationFrame(() => alertRef.current?.focus());
  };
  // handleSubmit is called in the event, not during render: the callback reads a ref.
  const submit = (event: FormEvent<HTMLFormElement>) => handleSubmit(onValid)(event);

  // method="post": a submit before hydration must not put the password into the URL of a GET.
  return (
    <form noValidate method="post" onSubmit={submit} className="space-y-6">
      <FormAlert ref={alertRef} title="We could not register you" messages={alertMessages} />

      <FormSection
        title="Your membership"
        description="We check these details against the membership before creating your login."
      >
        <TextField
          registration={register("membershipNumber")}
          label="Membership number"
          hint="The 16-digit number on your membership card, starting 3081."
          error={error("membershipNumber")}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
        />
        <SelectField
          registration={register("country")}
          label="Country of residence"
          hint="It decides which detail confirms your identity."
          placeholder="Choose a country"
          options={countries}
          autoComplete="country"
          error={error("country")}
        />
        {needs.postCode ? (
          <TextField
            registration={register("postCode")}
            label="Postcode"
            hint="The postcode of your home address."
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
              label="Identity document"
              placeholder="Choose a document"
              options={identifierTypeOptions}
              error={error("identifierType")}
            />
            <TextField
              registration={register("identifierNumber")}
              label="Document number"
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
            label="Date of birth"
            error={error("dateOfBirth")}
            autoComplete="bday"
            max={today ?? utcToday()}
            width="short"
          />
        ) : null}
      </FormSection>

      <FormSection title="Your login" description="You will sign in with these.">
        <TextField
          registration={register("username")}
          label="Username"
          hint={<UsernameRules />}
          error={error("username")}
          autoComplete="username"
          spellCheck={false}
          maxLength={50}
        />
        <PasswordInput registration={register("password")} error={error("password")} />
      </FormSection>

      <FormSection
        title="Security questions"
        description="If you forget your login, we ask one of these. Choose two different questions."
      >
        <SelectField
          registration={register("question1")}
          label="First security question"
          placeholder="Choose a question"
          options={securityQuestions}
          error={error("question1")}
        />
        <TextField
          registration={register("answer1")}
          label="First answer"
          error={error("answer1")}
          autoComplete="off"
          maxLength={100}
        />
        <SelectField
          registration={register("question2")}
          label="Second security question"
          placeholder="Choose a question"
          options={securityQuestions}
          error={error("question2")}
        />
        <TextField
          registration={register("answer2")}
          label="Second answer"
          error={error("answer2")}
          autoComplete="off"
          maxLength={100}
        />
      </FormSection>

      <div className="flex flex-col-reverse items-stretch gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Already registered?{" "}
          <a href="/login" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Sign in
          </a>
        </p>
        <SubmitButton pending={isSubmitting} pendingLabel="Registering…">
          Register
        </SubmitButton>
      </div>
    </form>
  );
}

/** The password with a show/hide switch: typing a strong password blind is where mistakes happen. */
function PasswordInput({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <TextField
        registration={registration}
        type={visible ? "text" : "password"}
        label="Password"
        hint={<PasswordRules />}
        error={error}
        autoComplete="new-password"
        spellCheck={false}
      />
      <button
        type="button"
        aria-controls={fieldIds(registration.name).input}
        onClick={() => setVisible((shown) => !shown)}
        className="mt-2 rounded text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {visible ? "Hide password" : "Show password"}
      </button>
    </div>
  );
}
