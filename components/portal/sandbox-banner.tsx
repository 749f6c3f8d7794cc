/**
 * Said on every page while the app runs as the public sandbox (APP_MODE=sandbox):
 * its accounts, keys and passwords are published, so nothing here is real.
 */
export function SandboxBanner() {
  return (
    <aside
      aria-label="Sandbox notice"
      className="border-b border-amber-300 bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-950"
    >
      <strong className="font-semibold">Sandbox</strong> · test data only: accounts, cards and keys here are public and
      nothing is real.
    </aside>
  );
}
