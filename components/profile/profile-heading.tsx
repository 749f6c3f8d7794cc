/** The profile page's heading, shared by the page and its loading state so nothing jumps. */
export function ProfileHeading() {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold tracking-tight">Your profile</h1>
      <p className="mt-1 text-slate-600">
        Your contact details and preferences. The programme keeps details in capital letters without accents.
      </p>
    </div>
  );
}
