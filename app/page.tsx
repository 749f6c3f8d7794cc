import sandbox from "@/sandbox.json";

const examples = [
  { label: "All programmes", path: `/api/v1/programmes?api_key=${sandbox.partners[0]?.apiKeys.staging}` },
  {
    label: "Programmes in Spain",
    path: `/api/v1/programmes?location-identifier=ES&api_key=${sandbox.partners[0]?.apiKeys.staging}`,
  },
  { label: "One programme", path: `/api/v1/programmes/NORTHSTAR?api_key=${sandbox.partners[0]?.apiKeys.staging}` },
];

export default function HomePage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Sandbox</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Loyalty Points Partner API</h1>
      <p className="mt-4 text-lg text-slate-600">
        A faithful sandbox of the partner API, seeded with public test data, and the partner portal built on it.
      </p>

      <section aria-labelledby="portal" className="mt-10 rounded-xl border border-brand-600/30 bg-brand-50 p-6">
        <h2 id="portal" className="text-lg font-semibold text-brand-900">
          Partner portal
        </h2>
        <p className="mt-2 text-slate-700">
          Sign in as a sandbox member (for example <code className="font-mono text-sm">demo.member1</code> or{" "}
          <code className="font-mono text-sm">demo.meridian</code>, password{" "}
          <code className="font-mono text-sm">{sandbox.password}</code>) to see a balance and transaction history
          through the API.
        </p>
        <a
          className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          href="/login"
        >
          Sign in to the portal
        </a>
      </section>

      <section aria-labelledby="try-it" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="try-it" className="text-lg font-semibold">
          Try it
        </h2>
        <ul className="mt-4 space-y-3">
          {examples.map((example) => (
            <li key={example.label}>
              <a
                className="group block rounded-lg border border-slate-200 px-4 py-3 hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                href={example.path}
              >
                <span className="block font-medium group-hover:text-brand-700">{example.label}</span>
                <code className="mt-1 block font-mono text-xs break-all text-slate-500">GET {example.path}</code>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
