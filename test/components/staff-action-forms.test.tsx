import { render, screen, waitFor } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CreditPointsForm } from "@/components/staff/credit-points-form";
import { RefundOrderForm } from "@/components/staff/refund-order-form";
import type { StaffActionResult } from "@/lib/portal/action-result";
import type { CreditPointsInput, RefundOrderInput } from "@/lib/portal/staff/staff-forms";

type Refund = (input: RefundOrderInput) => Promise<StaffActionResult<{ state: string; status: string }>>;
type Credit = (input: CreditPointsInput) => Promise<StaffActionResult<{ points: number; balanceAfter: number | null }>>;

const reason = "The member was charged twice for one order.";

function refundForm(onRefund: Refund) {
  const user = userEvent.setup();
  render(<RefundOrderForm membershipNumber="3081000000000012" orderId="order-1" until="1 June" onRefund={onRefund} />);
  return user;
}

describe("the console's action forms (useStaffActionForm)", () => {
  it("sends the form's values with its reason and shows the outcome", async () => {
    const onRefund = vi.fn<Refund>(async () => ({ ok: true, data: { state: "cancelled", status: "Cancelled" } }));
    const user = refundForm(onRefund);
    await user.type(screen.getByLabelText("Reason"), reason);
    await user.click(screen.getByRole("button", { name: "Refund order" }));

    expect(await screen.findByText("The order is cancelled.")).toBeTruthy();
    expect(onRefund).toHaveBeenCalledExactlyOnceWith({
      membershipNumber: "3081000000000012",
      orderId: "order-1",
      reason,
    });
    expect((screen.getByLabelText("Reason") as HTMLTextAreaElement).value).toBe("");
  });

  it("puts a refusal's field message under its field and the refusal in the alert, which takes the focus", async () => {
    const onRefund = vi.fn<Refund>(async () => ({
      ok: false,
      code: "invalid",
      message: "Some details need correcting.",
      fieldErrors: { reason: "Say why in at least ten characters." },
    }));
    const user = refundForm(onRefund);
    await user.type(screen.getByLabelText("Reason"), reason);
    await user.click(screen.getByRole("button", { name: "Refund order" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The order was not refunded");
    expect(alert.textContent).toContain("Some details need correcting.");
    expect(await screen.findByText("Say why in at least ten characters.")).toBeTruthy();
    await waitFor(() => expect(alert.contains(document.activeElement) || document.activeElement === alert).toBe(true));
    expect(screen.queryByText(/The order is/)).toBeNull();
  });

  it("says the change may not have been made when the call itself fails", async () => {
    const onRefund = vi.fn<Refund>(async () => {
      throw new TypeError("Failed to fetch");
    });
    const user = refundForm(onRefund);
    await user.type(screen.getByLabelText("Reason"), reason);
    await user.click(screen.getByRole("button", { name: "Refund order" }));

    expect((await screen.findByRole("alert")).textContent).toContain(
      "The refund could not be sent. Check the order before trying again.",
    );
  });

  it("shows a field error of a field the form does not have in the alert", async () => {
    const onCredit = vi.fn<Credit>(async () => ({
      ok: false,
      code: "invalid",
      message: "Some details need correcting.",
      fieldErrors: { membershipNumber: "This membership is not known to the service." },
    }));
    const user = userEvent.setup();
    render(<CreditPointsForm membershipNumber="3081000000000012" formKey={crypto.randomUUID()} onCredit={onCredit} />);
    await user.type(screen.getByLabelText("Points"), "500");
    await user.type(screen.getByLabelText("Reason"), reason);
    await user.click(screen.getByRole("button", { name: /credit/i }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No points were credited");
    expect(alert.textContent).toContain("This membership is not known to the service.");
    expect(onCredit).toHaveBeenCalledOnce();
  });
});
