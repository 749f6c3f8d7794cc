/** A password shown once, to be handed over: it is not stored anywhere the console can show it again. */
export function OneTimePassword({ username, password }: { username: string; password: string }) {
  return (
    <div role="status" className="rounded-lg border-l-4 border-green-700 bg-green-50 p-4 text-sm text-green-950">
      <p className="font-semibold">Password for {username}</p>
      <p className="mt-2">
        <code
          className="rounded bg-white px-2 py-1 font-mono text-base tracking-wide break-all text-slate-900"
          data-testid="one-time-password"
        >
          {password}
        </code>
      </p>
      <p className="mt-2">It is shown only now. Hand it over in person or by phone; it cannot be shown again.</p>
    </div>
  );
}
