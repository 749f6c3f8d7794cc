import { render, screen, within } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ContactDetails } from "@/components/staff/contact-details";
import { StaffProfileForm, type StaffProfileFormProps } from "@/components/staff/staff-profile-form";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";

const countries = [{ value: "GB", label: "United Kingdom" }];

const membership: MembershipResponse = {
  membershipIdentifier: "3081000000000012",
  member: {
    person: {
      name: { firstName: "CASEY", familyName: "SHOPPER" },
      dateOfBirth: "1988-08-08",
      countryOfResidence: "GB",
      emailAddresses: { preferredEmailAddress: { emailAddress: "CASEY@EXAMPLE.COM" } },
      telecomAddresses: [],
    },
    marketingPreference: [],
    contactPreference: [],
  },
  programmes: [{ identifier: "NORTHSTAR", name: "Northstar Club" }],
  canAdd: { title: true, dateOfBirth: false, countryOfResidence: false },
  _links: { self: { href: "http://localhost/api/v3/memberships/3081000000000012" } },
};

type Save = StaffProfileFormProps["onSave"];

function setup(onSave = vi.fn<Save>(async () => ({ ok: true as const, data: { changed: ["Email address"] } }))) {
  const user = userEvent.setup();
  render(
    <StaffProfileForm
      membership={membership}
      countries={countries}
      reasonCodes={[
        { code: "data_correction", label: "Data correction", needsText: false },
        { code: "other", label: "Other", needsText: true },
      ]}
      onSave={onSave}
      today="2026-06-15"
    />,
  );
  return { user, onSave };
}

describe("the staff profile form", () => {
  it("previews what changes, requires a reason code, then sends the values, the code and the details", async () => {
    const { user, onSave } = setup();
    await user.clear(screen.getByLabelText("Email address"));
    await user.type(screen.getByLabelText("Email address"), "casey.new@example.com");
    await user.click(screen.getByRole("button", { name: "Review changes" }));

    const preview = await screen.findByRole("table", { name: "What the save changes" });
    const rows = within(preview).getAllByRole("row");
    expect(rows).toHaveLength(2);
    // "After saving" is what the service will store: upper-case ASCII.
    expect(rows[1]!.textContent).toBe("Email addressCASEY@EXAMPLE.COMCASEY.NEW@EXAMPLE.COM");

    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Choose a reason.")).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText("Reason"), "data_correction");
    await user.type(screen.getByLabelText(/^Details/), "Member asked by phone");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Saved: Email address.")).toBeTruthy();
    expect(onSave).toHaveBeenCalledOnce();
    const sent = onSave.mock.calls[0]![0];
    expect(sent.membershipNumber).toBe("3081000000000012");
    expect(sent.reasonCode).toBe("data_correction");
    expect(sent.reason).toBe("Member asked by phone");
    expect(sent.values.email).toBe("casey.new@example.com");
  });

  it("speaks of the member, not to them, and reviews coded values in words as the service will store them", async () => {
    const { user } = setup();
    expect(screen.queryByText(/To change your name/)).toBeNull();
    expect(screen.queryByText(/The language we write to you in/)).toBeNull();
    expect(screen.getByText(/Names are not changed here: the member asks the programme/)).toBeDefined();
    expect(screen.getByText(/The language the programme writes to the member in/)).toBeDefined();

    await user.selectOptions(screen.getByLabelText("Language"), "ES");
    await user.type(screen.getByLabelText(/^Title/), "Señora");
    await user.click(screen.getByRole("button", { name: "Review changes" }));
    const rows = within(await screen.findByRole("table", { name: "What the save changes" })).getAllByRole("row");
    expect(rows.slice(1).map((row) => row.textContent)).toEqual(["Title(empty)SENORA", "Language(empty)Spanish"]);
  });

  it("refuses in the form what the contract refuses, and says so when nothing changed", async () => {
    const { user, onSave } = setup();
    await user.click(screen.getByRole("button", { name: "Review changes" }));
    expect(await screen.findByText("Nothing to save: no details were changed.")).toBeTruthy();

    await user.clear(screen.getByLabelText("Email address"));
    await user.type(screen.getByLabelText("Email address"), "not an email");
    await user.click(screen.getByRole("button", { name: "Review changes" }));
    expect((await screen.findByLabelText("Email address")).getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("table", { name: "What the save changes" })).toBeNull();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("puts the server's refusal back on the field", async () => {
    const onSave = vi.fn<Save>(async () => ({
      ok: false as const,
      code: "refused" as const,
      message: "The loyalty service refused a change: no.",
      fieldErrors: { email: "Emails take at most 50 characters." },
    }));
    const { user } = setup(onSave);
    await user.clear(screen.getByLabelText("Email address"));
    await user.type(screen.getByLabelText("Email address"), "casey.other@example.com");
    await user.click(screen.getByRole("button", { name: "Review changes" }));
    await user.selectOptions(await screen.findByLabelText("Reason"), "other");
    await user.type(screen.getByLabelText(/^Details/), "A reason");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Emails take at most 50 characters.")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("The loyalty service refused a change: no.");
  });
});

describe("the contact details", () => {
  it("shows them masked and reveals them through the action", async () => {
    const user = userEvent.setup();
    const reveal = vi.fn(async () => ({
      ok: true as const,
      data: { masked: false, email: "CASEY@EXAMPLE.COM", phones: [{ label: "Mobile", value: "+44 7700900123" }] },
    }));
    render(
      <ContactDetails
        membershipNumber="3081000000000012"
        contact={{ masked: true, email: "C••••@EXAMPLE.COM", phones: [{ label: "Mobile", value: "+44 ••••••23" }] }}
        reveal={reveal}
      />,
    );
    expect(screen.getByText("C••••@EXAMPLE.COM")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Reveal contact details" }));
    expect(await screen.findByText("CASEY@EXAMPLE.COM")).toBeTruthy();
    expect(screen.getByText("+44 7700900123")).toBeTruthy();
    expect(reveal).toHaveBeenCalledExactlyOnceWith({ membershipNumber: "3081000000000012" });
    expect(screen.queryByRole("button", { name: "Reveal contact details" })).toBeNull();
  });
});
