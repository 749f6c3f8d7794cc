import { render, screen, waitFor } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ResendRequest } from "@/components/staff/resend-request";
import type { StaffActionResult } from "@/lib/actions/action-result";
import type { ResendRequestInput } from "@/lib/portal/staff/staff-forms";

type Resend = (input: ResendRequestInput) => Promise<StaffActionResult<unknown>>;

const requestId = "0b6f9d3e-6f3a-4c55-9a43-0b8f2c1d2e3f";
const summary = "goodwill credit of 20,000 points for member 3081000000000001";

function resend(status: string, onResend: Resend = vi.fn<Resend>(async () => ({ ok: true, data: {} }))) {
  const user = userEvent.setup();
  const view = render(
    <ResendRequest
      requestId={requestId}
      status={status}
      kind="goodwill_credit"
      summary={summary}
      technical="unavailable"
      onResend={onResend}
    />,
  );
  return { user, view, onResend };
}

describe("Send again (an approved request whose outcome is unknown)", () => {
  it.each(["pending", "approved", "performed", "failed", "rejected", "expired"])(
    "offers nothing for a request %s",
    (status) => {
      const { view } = resend(status);
      expect(screen.queryByRole("button", { name: /send again/i })).toBeNull();
      expect(view.container.textContent).toBe("");
    },
  );

  it("offers it for an unknown outcome, says why in words, and keeps the codes under Technical details", async () => {
    const onResend = vi.fn<Resend>(async () => ({ ok: true, data: {} }));
    const { user } = resend("unknown", onResend);
    const button = screen.getByRole("button", { name: `Send again: ${summary}` });
    expect(screen.getByText(/nobody knows yet whether this was carried out/)).toBeTruthy();
    expect(screen.getByText("Technical details").closest("details")!.open).toBe(false);

    // Keyboard: focus the button and press Enter.
    button.focus();
    await user.keyboard("{Enter}");
    expect(onResend).toHaveBeenCalledWith({ requestId });
    expect((await screen.findByText("Sent again and carried out.")).getAttribute("role")).toBe("status");
    expect(screen.queryByRole("button", { name: /send again/i })).toBeNull();
  });

  it("refuses a second click while the first runs, then shows a refusal in words with its reference", async () => {
    let finish: (result: StaffActionResult<unknown>) => void = () => undefined;
    const onResend = vi.fn<Resend>(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    const { user } = resend("unknown", onResend);
    const button = screen.getByRole("button", { name: `Send again: ${summary}` });
    await user.click(button);
    await waitFor(() => expect(button).toHaveProperty("disabled", true));
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("Sending again…");
    await user.click(button);
    expect(onResend).toHaveBeenCalledTimes(1);

    finish({
      ok: false,
      code: "refused",
      message: "This was already carried out: there is nothing to send again.",
      reference: "req-123",
    });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This was already carried out: there is nothing to send again.",
    );
    expect(screen.getByText("Reference req-123")).toBeTruthy();
  });
});
