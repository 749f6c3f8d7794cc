import { render, screen } from "@/test/support/render";
import { describe, expect, it } from "vitest";
import { LastAttemptReason } from "@/components/staff/last-attempt-reason";

/** The words of a refund the member's own cancellation overtook, as the request stores them. */
const memberCancelled =
  "This order was already cancelled by the member, not by this request: nothing more was refunded. The member's own cancellation returns their points and payment.";

/** The element's text outside its "Technical details" disclosure. */
function textOutsideDetails(container: HTMLElement): string {
  const copy = container.cloneNode(true) as HTMLElement;
  copy.querySelectorAll("details").forEach((details) => details.remove());
  return copy.textContent ?? "";
}

describe("Why a settled request failed, under its status in Recently settled", () => {
  it("shows a refusal's own words under a label, with no Technical details to hide", () => {
    const { container } = render(
      <LastAttemptReason status="failed" result={{ error: { kind: "refused", message: memberCancelled } }} />,
    );
    expect(container.textContent).toBe(`Why it failed: ${memberCancelled}`);
    expect(screen.getByText(memberCancelled, { exact: false }).className).toContain("break-words");
    expect(container.querySelector("details")).toBeNull();
  });

  it("words the service's refusal, and keeps its HTTP status and codes under a closed Technical details", () => {
    const { container } = render(
      <LastAttemptReason
        status="failed"
        result={{ error: { kind: "service", status: 422, code: "VALIDATION_ERROR", children: ["INVALID_NAME"] } }}
      />,
    );
    const outside = textOutsideDetails(container);
    expect(outside).toBe("Why it failed: The loyalty service refused it.");
    expect(outside).not.toMatch(/422|VALIDATION_ERROR|INVALID_NAME/);
    const details = screen.getByText("Technical details").closest("details")!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain("Last attempt: service 422 VALIDATION_ERROR (INVALID_NAME)");
  });

  it("says no reason was recorded when a failed request stored none", () => {
    const { container } = render(<LastAttemptReason status="failed" result={null} />);
    expect(container.textContent).toBe("Why it failed: No reason was recorded.");
  });

  it("says what is known of an unknown outcome, leaving its codes to Send again's Technical details", () => {
    const { container } = render(
      <LastAttemptReason status="unknown" result={{ error: { kind: "contract", status: 200 } }} />,
    );
    expect(container.textContent).toBe(
      "What is known: The loyalty service answered in a way the console could not read.",
    );
    expect(container.querySelector("details")).toBeNull();
  });

  it.each(["performed", "rejected", "expired", "pending", "approved"])("shows nothing for a request %s", (status) => {
    const { container } = render(<LastAttemptReason status={status} result={{ error: { kind: "unavailable" } }} />);
    expect(container.textContent).toBe("");
  });
});
