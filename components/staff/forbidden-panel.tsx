import Link from "next/link";

/** What a page says to a role it is not for: the server checked the role, whatever the link. */
export function ForbiddenPanel({ what }: { what: string }) {
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <h1 className="text-lg font-semibold">Not available to your role</h1>
      <p className="mt-1 text-sm">{what} is for administrators. Ask one if you need it.</p>
      <Link
        href="/staff"
        className="mt-4 inline-flex min-h-11 items-center rounded-lg border border-amber-400 bg-white px-4 text-sm font-medium hover:border-amber-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-700 focus-visible:ring-offset-2"
      >
        Back to the console
      </Link>
    </div>
  );
}
