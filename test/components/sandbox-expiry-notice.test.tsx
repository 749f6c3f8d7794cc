import { render, screen } from "@/test/support/render";
import { describe, expect, it } from "vitest";
import DevelopersError from "@/app/developers/error";
import { SandboxExpiryNotice } from "@/components/developers/sandbox-expiry-notice";
import { consoleFormBusyText } from "@/lib/forms/console-busy";

describe("the console's word on an idle sandbox and a busy sign-in", () => {
  it("names the date a sandbox is kept until, and from the warning days before it warns, naming what goes", () => {
    const lastActiveAt = new Date("2031-04-01T08:00:00Z");
    const deletesAt = new Date("2031-05-01T08:00:00Z");
    const { rerender } = render(
      <SandboxExpiryNotice lastActiveAt={lastActiveAt} deletesAt={deletesAt} idleDays={30} warn={false} />,
    );
    expect(screen.getByText(/A sandbox unused for 30 days/).textContent).toContain("kept until 1 May 2031");
    expect(screen.queryByRole("status")).toBeNull();

    rerender(<SandboxExpiryNotice lastActiveAt={lastActiveAt} deletesAt={deletesAt} idleDays={30} warn />);
    const warning = screen.getByRole("status");
    expect(warning.textContent).toContain("This sandbox will be deleted on 1 May 2031.");
    expect(warning.textContent).toContain("It has not been used since 1 April 2031.");
    expect(warning.textContent).toMatch(/keys, OAuth clients, members, request log and events/);
  });

  it("shows a sign-in the server had no room for as busy, in the console's words, and anything else as a reference", () => {
    const { rerender } = render(<DevelopersError error={new Error(consoleFormBusyText)} reset={() => {}} />);
    expect(screen.getByRole("alert").textContent).toContain("The console is busy");
    expect(screen.getByRole("alert").textContent).toContain(consoleFormBusyText);

    const failure = Object.assign(new Error("connection refused"), { digest: "1234" });
    rerender(<DevelopersError error={failure} reset={() => {}} />);
    expect(screen.getByRole("alert").textContent).toContain("Something went wrong");
    expect(screen.getByRole("alert").textContent).not.toContain("connection refused");
    expect(screen.getByRole("alert").textContent).toContain("Reference: 1234");
  });
});
