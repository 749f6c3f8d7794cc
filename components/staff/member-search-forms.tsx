import { FieldError } from "@/components/forms/field-error";
import { describedBy, fieldIds } from "@/components/forms/field-ids";
import { controlClass, FieldHint, FieldLabel } from "@/components/forms/field-label";

const buttonClass =
  "inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand-600 px-5 text-base font-semibold text-white shadow-sm hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 sm:w-auto";

/**
 * The two ways to find a member, as plain GET forms (shareable, and they
 * work before any script): a membership number goes to the member's page,
 * a name or email lists the partner's customers who match.
 */
export function MemberSearchForms({
  number,
  numberError,
  query,
  queryError,
}: {
  number?: string;
  numberError?: string;
  query?: string;
  queryError?: string;
}) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <form
        method="get"
        action="/staff"
        role="search"
        aria-label="By membership number"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 className="text-lg font-semibold text-slate-900">By membership number</h2>
        <div className="mt-4">
          <FieldLabel name="number" label="Membership number" />
          <FieldHint name="number" hint="16 to 24 digits, as on the member's card." />
          <input
            id={fieldIds("number").input}
            name="number"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            defaultValue={number}
            aria-invalid={numberError ? true : undefined}
            aria-describedby={describedBy("number", { hint: true, error: Boolean(numberError) })}
            className={controlClass(Boolean(numberError))}
          />
          <FieldError name="number" message={numberError} />
        </div>
        <div className="mt-4">
          <button type="submit" className={buttonClass}>
            Open member
          </button>
        </div>
      </form>

      <form
        method="get"
        action="/staff"
        role="search"
        aria-label="By name or email"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 className="text-lg font-semibold text-slate-900">By name or email</h2>
        <div className="mt-4">
          <FieldLabel name="q" label="Name or email" />
          <FieldHint name="q" hint="Among members who have signed in to the portal." />
          <input
            id={fieldIds("q").input}
            name="q"
            type="search"
            autoComplete="off"
            maxLength={100}
            defaultValue={query}
            aria-invalid={queryError ? true : undefined}
            aria-describedby={describedBy("q", { hint: true, error: Boolean(queryError) })}
            className={controlClass(Boolean(queryError))}
          />
          <FieldError name="q" message={queryError} />
        </div>
        <div className="mt-4">
          <button type="submit" className={buttonClass}>
            Search
          </button>
        </div>
      </form>
    </div>
  );
}
