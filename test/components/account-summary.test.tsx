import { render, screen, within } from "@/test/support/render";
import { describe, expect, it } from "vitest";
import { AccountSummary } from "@/components/account/account-summary";

function facts() {
  const region = screen.getByRole("region", { name: "Points balance" });
  const terms = within(region)
    .getAllByRole("term")
    .map((term) => term.textContent);
  const definitions = within(region)
    .getAllByRole("definition")
    .map((definition) => definition.textContent);
  return { region, byTerm: Object.fromEntries(terms.map((term, index) => [term, definitions[index]])) };
}

describe("the account summary", () => {
  it("shows the balance with grouped digits, the status, the account type and the last activity", () => {
    render(
      <AccountSummary
        account={{
          balance: { amount: 250000, currency: { currencyCode: "POINTS" } },
          accountStatus: "ACTIVE",
          accountType: "INDIVIDUAL",
          lastActivityDate: "2026-11-19",
        }}
        programmeName="Northstar Club"
        membershipNumber="3081000000000001"
      />,
    );
    const { region, byTerm } = facts();
    expect(region.querySelector("data")?.textContent).toBe("250,000");
    expect(region.querySelector("data")?.getAttribute("value")).toBe("250000");
    expect(byTerm).toEqual({
      Status: "Active",
      "Account type": "Individual",
      "Last activity": "19 November 2026",
      Membership: "Northstar Club 3081000000000001",
    });
    expect(region.querySelector("time")?.getAttribute("datetime")).toBe("2026-11-19");
  });

  it("groups large balances and reads household accounts and other statuses", () => {
    render(
      <AccountSummary
        account={{
          balance: { amount: 1234567, currency: { currencyCode: "POINTS" } },
          accountStatus: "BLOCKED",
          accountType: "HOUSEHOLD",
        }}
        programmeName="Meridian Plus"
        membershipNumber="3081000000000009"
      />,
    );
    const { region, byTerm } = facts();
    expect(region.querySelector("data")?.textContent).toBe("1,234,567");
    expect(byTerm.Status).toBe("Blocked");
    expect(byTerm["Account type"]).toBe("Household");
    expect(byTerm["Last activity"]).toBe("No activity yet");
  });

  it("says what it does not know rather than showing zero", () => {
    render(<AccountSummary account={{}} programmeName="Northstar Club" membershipNumber="3081000000000010" />);
    const { region, byTerm } = facts();
    expect(region.querySelector("data")).toBeNull();
    expect(region.textContent).toContain("Not available");
    expect(byTerm.Status).toBe("Not available");
  });
});
