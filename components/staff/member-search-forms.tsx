import { TextField } from "@/components/forms/text-field";
import { Button } from "@/components/ui/button";

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
        <TextField
          name="number"
          label="Membership number"
          hint="16 to 24 digits, as on the member's card."
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          defaultValue={number}
          error={numberError}
          className="mt-4"
        />
        <div className="mt-4">
          <Button type="submit" variant="primary" size="lg" className="w-full sm:w-auto">
            Open member
          </Button>
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
        <TextField
          name="q"
          label="Name or email"
          hint="Among members who have signed in to the portal."
          type="search"
          autoComplete="off"
          maxLength={100}
          defaultValue={query}
          error={queryError}
          className="mt-4"
        />
        <div className="mt-4">
          <Button type="submit" variant="primary" size="lg" className="w-full sm:w-auto">
            Search
          </Button>
        </div>
      </form>
    </div>
  );
}
