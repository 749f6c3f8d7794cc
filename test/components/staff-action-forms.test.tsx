import { render, screen, waitFor } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CreateStaffForm } from "@/components/staff/create-staff-form";
import { CreditPointsForm } from "@/components/staff/credit-points-form";
import { RefundOrderForm } from "@/components/staff/refund-order-form";
import { SettleOrderForm } from "@/components/staff/settle-order-form";
import type { StaffActionResult } from "@/lib/actions/action-result";
import type {
  CreateStaffInput,
  CreditPointsInput,
  RefundOrderInput,
  SettleOrderInput,
} from "@/lib/portal/staff/staff-forms";

type Refund = (input: RefundOrderInput) => Promise<StaffActionResult<{ state: string; status: string }>>;
type Credit = (input: CreditPointsInput) => Promise<StaffActionResult<{ points: number; balanceAfter: number | null }>>;
type Settle = (input: SettleOrderInput) => Promise<StaffActionResult<{ state: string }>>;
type Create = (input: CreateStaffInput) => Promise<StaffActionResult<{ username: string; password: string }>>;

const reason = "The member was charged twice for one order.";

function refundForm(onRefund: Refund) {
  const user = userEvent.setup();
  render(
    <RefundOrderForm
      membershipNumber="3081000000000012"
      orderId="order-1"
      until="1 June"
      paid={{ points: "9,000 points", cash: "£90.00" }}
      onRefund={onRefund}
    />,
  );
  return user;
}

describe("the console's action forms (useStaffActionForm)", () => {
  it("sends the form's values with its reason and shows the outcome", async () => {
    const onRefund = vi.fn<Refund>(async () => ({ ok: true, data: { state: "cancelled", status: "Cancelled" } }));
    const user = refundForm(onRefund);
    await user.type(screen.getByLabelText("Reason"), reason);
    await user.click(screen.getByRole("button", { name: "Refund order" }));

    expect(await screen.findByText("Refunded £90.00 and 9,000 points.")).toBeTruthy();
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
    expect(screen.queryByText(/Refunded/)).toBeNull();
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

  it("credits: the outcome in words, with the balance after, and a new form key for the next credit", async () => {
    const onCredit = vi.fn<Credit>(async () => ({ ok: true, data: { points: 500, balanceAfter: 250_500 } }));
    const user = userEvent.setup();
    const formKey = crypto.randomUUID();
    render(<CreditPointsForm membershipNumber="3081000000000012" formKey={formKey} onCredit={onCredit} />);
    await user.type(screen.getByLabelText("Points"), "500");
    await user.type(screen.getByLabelText("Reason"), reason);
    await user.click(screen.getByRole("button", { name: "Credit points" }));

    expect(await screen.findByText("500 points credited. The balance is now 250,500 points.")).toBeTruthy();
    expect(onCredit).toHaveBeenCalledExactlyOnceWith({
      membershipNumber: "3081000000000012",
      points: "500",
      reason,
      formKey,
    });
    await user.type(screen.getByLabelText("Points"), "20");
    await user.type(screen.getByLabelText("Reason"), reason);
    await user.click(screen.getByRole("button", { name: "Credit points" }));
    await waitFor(() => expect(onCredit).toHaveBeenCalledTimes(2));
    expect(onCredit.mock.calls[1]![0].formKey).not.toBe(formKey);
  });

  it("settles: the outcome chosen and the reason sent; the page's form is labelled by its heading", async () => {
    const onSettle = vi.fn<Settle>(async () => ({ ok: true, data: { state: "points_returned" } }));
    const user = userEvent.setup();
    render(<SettleOrderForm membershipNumber="3081000000000012" orderId="order-2" open onSettle={onSettle} />);
    expect(screen.getByRole("form", { name: "Settle this order" })).toBeTruthy();
    await user.type(screen.getByLabelText("Reason"), reason);
    await user.click(screen.getByRole("button", { name: "Settle order" }));
    expect(await screen.findByText("Choose how the order was settled.")).toBeTruthy();
    expect(onSettle).not.toHaveBeenCalled();

    await user.click(screen.getAllByRole("radio")[0]!);
    await user.click(screen.getByRole("button", { name: "Settle order" }));
    expect(await screen.findByText("Settled: the order is now points returned.")).toBeTruthy();
    expect(onSettle).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({ membershipNumber: "3081000000000012", orderId: "order-2", reason }),
    );
  });

  it("creates an account: the one-time password shown once, and a refusal's words in the alert", async () => {
    const onCreate = vi
      .fn<Create>()
      .mockResolvedValueOnce({ ok: false, code: "refused", message: "That username is taken." })
      .mockResolvedValueOnce({ ok: true, data: { username: "new.agent", password: "correct-horse-42" } });
    const user = userEvent.setup();
    render(<CreateStaffForm onCreate={onCreate} />);
    await user.type(screen.getByLabelText(/^Username/), "new.agent");
    await user.type(screen.getByLabelText("Reason"), reason);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The account was not created");
    expect(alert.textContent).toContain("That username is taken.");
    // This form shows its outcome as the password, not in a status line.
    expect(screen.queryByRole("status")).toBeNull();

    await user.type(screen.getByLabelText("Reason"), "{Control>}a{/Control}" + reason);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("correct-horse-42")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
