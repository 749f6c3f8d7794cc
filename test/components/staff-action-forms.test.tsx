import { render, screen, waitFor } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CreateStaffForm } from "@/components/staff/create-staff-form";
import { CreditPointsForm, type CreditDone } from "@/components/staff/credit-points-form";
import { RefundOrderForm } from "@/components/staff/refund-order-form";
import { SettleOrderForm } from "@/components/staff/settle-order-form";
import type { StaffActionResult } from "@/lib/actions/action-result";
import type { ReasonCodeOption } from "@/lib/portal/staff/reason";
import type {
  CreateStaffInput,
  CreditPointsInput,
  RefundOrderInput,
  SettleOrderInput,
} from "@/lib/portal/staff/staff-forms";

type Refund = (
  input: RefundOrderInput,
) => Promise<StaffActionResult<{ state: string; status: string; requested: boolean }>>;
type Credit = (input: CreditPointsInput) => Promise<StaffActionResult<CreditDone>>;
type Settle = (input: SettleOrderInput) => Promise<StaffActionResult<{ state: string }>>;
type Create = (input: CreateStaffInput) => Promise<StaffActionResult<{ username: string; password: string }>>;

const reason = "The member was charged twice for one order.";
const reasonCodes: ReasonCodeOption[] = [
  { code: "service_recovery", label: "Service recovery", needsText: false },
  { code: "complaint", label: "Complaint", needsText: false },
  { code: "other", label: "Other", needsText: true },
];

function refundForm(onRefund: Refund, approvalAbove?: string) {
  const user = userEvent.setup();
  render(
    <RefundOrderForm
      membershipNumber="3081000000000012"
      orderId="order-1"
      until="1 June"
      reasonCodes={reasonCodes}
      paid={{ points: "9,000 points", cash: "£90.00" }}
      {...(approvalAbove ? { approvalAbove } : {})}
      onRefund={onRefund}
    />,
  );
  return user;
}

function creditForm(onCredit: Credit) {
  const user = userEvent.setup();
  render(
    <CreditPointsForm
      membershipNumber="3081000000000012"
      memberName="Casey Shopper"
      balance={250_000}
      approvalAbove={10_000}
      leftToday={100_000}
      reasonCodes={reasonCodes}
      onCredit={onCredit}
    />,
  );
  return user;
}

describe("the console's action forms (useStaffActionForm)", () => {
  it("sends the form's values with its reason code and details, shows the outcome, and starts a new form", async () => {
    const onRefund = vi.fn<Refund>(async () => ({
      ok: true,
      data: { state: "cancelled", status: "Cancelled", requested: false },
    }));
    const user = refundForm(onRefund);
    await user.selectOptions(screen.getByLabelText("Reason"), "complaint");
    await user.type(screen.getByLabelText(/^Details/), reason);
    await user.click(screen.getByRole("button", { name: "Refund order" }));

    expect(await screen.findByText("Refunded £90.00 and 9,000 points.")).toBeTruthy();
    expect(onRefund).toHaveBeenCalledExactlyOnceWith({
      membershipNumber: "3081000000000012",
      orderId: "order-1",
      formKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reasonCode: "complaint",
      reason,
    });
    expect((screen.getByLabelText(/^Details/) as HTMLTextAreaElement).value).toBe("");
  });

  it("requires a reason code, and details for Other, before anything is sent", async () => {
    const onRefund = vi.fn<Refund>();
    const user = refundForm(onRefund);
    await user.click(screen.getByRole("button", { name: "Refund order" }));
    expect(await screen.findByText("Choose a reason.")).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Reason"), "other");
    await user.click(screen.getByRole("button", { name: "Refund order" }));
    expect(await screen.findByText("Say why: “Other” needs a few words.")).toBeTruthy();
    expect(onRefund).not.toHaveBeenCalled();
  });

  it("says a refund above the threshold is requested, not made", async () => {
    const onRefund = vi.fn<Refund>(async () => ({
      ok: true,
      data: { state: "completed", status: "Completed", requested: true },
    }));
    const user = refundForm(onRefund, "£250.00");
    expect(screen.getByText(/another administrator must approve the refund/)).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Reason"), "complaint");
    await user.click(screen.getByRole("button", { name: "Request refund" }));
    expect(await screen.findByText(/Refund requested: another administrator approves it/)).toBeTruthy();
  });

  it("puts a refusal's field message under its field and the refusal in the alert, which takes the focus", async () => {
    const onRefund = vi.fn<Refund>(async () => ({
      ok: false,
      code: "invalid",
      message: "Some details need correcting.",
      fieldErrors: { reason: "Say why in at least ten characters." },
    }));
    const user = refundForm(onRefund);
    await user.selectOptions(screen.getByLabelText("Reason"), "complaint");
    await user.type(screen.getByLabelText(/^Details/), reason);
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
    await user.selectOptions(screen.getByLabelText("Reason"), "complaint");
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
    const user = creditForm(onCredit);
    await user.type(screen.getByLabelText("Points"), "500");
    await user.selectOptions(screen.getByLabelText("Reason"), "service_recovery");
    await user.click(screen.getByRole("button", { name: "Review credit" }));
    await user.click(await screen.findByRole("button", { name: "Credit points" }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No points were credited");
    expect(alert.textContent).toContain("This membership is not known to the service.");
    expect(onCredit).toHaveBeenCalledOnce();
  });

  it("credits after a confirmation with the balance before and after; then offers a new empty form with a new key", async () => {
    const onCredit = vi.fn<Credit>(async () => ({
      ok: true,
      data: { requested: false, points: 500, balanceAfter: 250_500 },
    }));
    const user = creditForm(onCredit);
    expect(screen.getByTestId("credit-balance").textContent).toBe("250,000 points");
    await user.type(screen.getByLabelText("Points"), "500");
    await user.selectOptions(screen.getByLabelText("Reason"), "service_recovery");
    await user.type(screen.getByLabelText(/^Details/), reason);
    await user.click(screen.getByRole("button", { name: "Review credit" }));

    const confirm = await screen.findByRole("region", { name: "Confirm the credit" });
    expect(confirm.textContent).toContain("Casey Shopper");
    expect(confirm.textContent).toContain("250,000");
    expect(confirm.textContent).toContain("250,500");
    expect(onCredit).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Credit points" }));

    expect(await screen.findByText("500 points credited. The balance is now 250,500 points.")).toBeTruthy();
    const first = onCredit.mock.calls[0]![0];
    expect(first).toMatchObject({
      membershipNumber: "3081000000000012",
      points: "500",
      reasonCode: "service_recovery",
    });
    // The finished credit is not a form ready to send the same amount again.
    expect(screen.queryByLabelText("Points")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Make another credit" }));
    expect((screen.getByLabelText("Points") as HTMLInputElement).value).toBe("");
    await user.type(screen.getByLabelText("Points"), "20");
    await user.selectOptions(screen.getByLabelText("Reason"), "complaint");
    await user.click(screen.getByRole("button", { name: "Review credit" }));
    await user.click(await screen.findByRole("button", { name: "Credit points" }));
    await waitFor(() => expect(onCredit).toHaveBeenCalledTimes(2));
    expect(onCredit.mock.calls[1]![0].formKey).not.toBe(first.formKey);
  });

  it("says a credit above the threshold becomes a request and the balance does not move", async () => {
    const onCredit = vi.fn<Credit>(async () => ({
      ok: true,
      data: { requested: true, points: 20_000, balanceAfter: null },
    }));
    const user = creditForm(onCredit);
    await user.type(screen.getByLabelText("Points"), "20000");
    await user.selectOptions(screen.getByLabelText("Reason"), "complaint");
    await user.click(screen.getByRole("button", { name: "Review credit" }));
    expect(await screen.findByText(/this becomes a request/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Send for approval" }));
    expect(await screen.findByText(/wait for another administrator's approval/)).toBeTruthy();
  });

  it("settles: the outcome chosen and the reason sent; the page's form is labelled by its heading", async () => {
    const onSettle = vi.fn<Settle>(async () => ({ ok: true, data: { state: "points_returned" } }));
    const user = userEvent.setup();
    render(
      <SettleOrderForm
        membershipNumber="3081000000000012"
        orderId="order-2"
        open
        reasonCodes={reasonCodes}
        onSettle={onSettle}
      />,
    );
    expect(screen.getByRole("form", { name: "Settle this order" })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText("Reason"), "other");
    await user.type(screen.getByLabelText(/^Details/), reason);
    await user.click(screen.getByRole("button", { name: "Settle order" }));
    expect(await screen.findByText("Choose how the order was settled.")).toBeTruthy();
    expect(onSettle).not.toHaveBeenCalled();

    await user.click(screen.getAllByRole("radio")[0]!);
    await user.click(screen.getByRole("button", { name: "Settle order" }));
    expect(await screen.findByText("Settled: the order is now points returned.")).toBeTruthy();
    expect(onSettle).toHaveBeenCalledExactlyOnceWith(
      expect.objectContaining({
        membershipNumber: "3081000000000012",
        orderId: "order-2",
        reasonCode: "other",
        reason,
      }),
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
