import { render, screen, waitFor, within } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ActionResult } from "@/lib/actions/action-result";
import { ProfileForm } from "@/components/profile/profile-form";
import type { ProfileUpdate } from "@/lib/portal/profile/profile-plan";
import type { MembershipResponse } from "@/lib/contract/retrieve-membership";

const countries = [
  { value: "ES", label: "Spain" },
  { value: "GB", label: "United Kingdom" },
];
const today = "2026-06-15";

function membership(
  overrides: {
    person?: Partial<MembershipResponse["member"]["person"]>;
    canAdd?: Partial<MembershipResponse["canAdd"]>;
  } = {},
): MembershipResponse {
  return {
    membershipIdentifier: "3081000000000001",
    member: {
      person: {
        name: { firstName: "ALEX", familyName: "EXAMPLE" },
        dateOfBirth: "1980-05-17",
        countryOfResidence: "GB",
        locale: { languageCode: "EN" },
        emailAddresses: { preferredEmailAddress: { emailAddress: "ALEX@EXAMPLE.COM" } },
        preferredPostalAddress: {
          type: "PERSONAL",
          addressLines: ["1 HIGH STREET", "LONDON"],
          countryCode: "GB",
          postCode: "SW1A1AA",
          validation: "SYSTEM",
        },
        telecomAddresses: [{ type: "PERSONAL", deviceType: "MOBILE", countryCode: "44", number: "7700900123" }],
        ...overrides.person,
      },
      marketingPreference: [{ campaignType: "TRAVEL_OFFERS", communicationChannel: "POSTAL", indicator: "Y" }],
      contactPreference: [],
    },
    programmes: [{ identifier: "NORTHSTAR", name: "Northstar Club" }],
    canAdd: { title: true, dateOfBirth: false, countryOfResidence: false, ...overrides.canAdd },
    _links: { self: { href: "http://localhost/api/v3/memberships/3081000000000001" } },
  };
}

type Submit = (update: ProfileUpdate) => Promise<ActionResult | undefined>;

function setup(stored = membership(), onSubmit = vi.fn<Submit>(async () => ({ ok: true, data: undefined }))) {
  const user = userEvent.setup();
  const view = render(<ProfileForm membership={stored} countries={countries} onSubmit={onSubmit} today={today} />);
  return { user, onSubmit, view };
}

type User = ReturnType<typeof userEvent.setup>;
const save = (user: User) => user.click(screen.getByRole("button", { name: "Save changes" }));
const group = (name: string) => within(screen.getByRole("group", { name }));
/** A save ends in "saved" only after validation and every PATCH have run: what was sent is read after it. */
const saved = () => screen.findByText("Your profile is saved.");

function errorOf(field: HTMLElement): string | undefined {
  const ids = field.getAttribute("aria-describedby")?.split(" ") ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.id.endsWith("-error"));
  return error?.textContent?.replace(/^!?Error: /, "");
}

describe("the profile form", () => {
  it("sends only the field that changed", async () => {
    const { user, onSubmit } = setup();
    await user.selectOptions(screen.getByLabelText("Language"), "FR");
    await save(user);

    expect(await saved()).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ member: { person: { locale: { languageCode: "FR" } } } });
  });

  it("announces a save beside the Save button and moves focus to it", async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText("Language"), "FR");
    await save(user);
    const status = (await saved()).closest('[role="status"]')!;
    await waitFor(() => expect(document.activeElement).toBe(status));
    const button = screen.getByRole("button", { name: "Save changes" });
    // The same row as the button: the status and the button share their parent.
    expect(status.parentElement).toBe(button.parentElement);
  });

  it("treats a stored value typed in another case as no change, and sends nothing", async () => {
    const { user, onSubmit } = setup();
    const email = screen.getByLabelText("Email address");
    await user.clear(email);
    await user.type(email, "alex@example.com");
    await user.type(group("Home address (preferred)").getByLabelText("Postcode"), "{Backspace>7}sw1a 1aa");
    await save(user);

    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Nothing to save"));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends a preferences-only change with an empty person and only the preference changed", async () => {
    const { user, onSubmit } = setup();
    await user.selectOptions(screen.getByLabelText("Text message"), "N");
    await save(user);

    await saved();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      member: { person: {}, contactPreference: [{ communicationChannel: "SMS", indicator: "N" }] },
    });
  });

  it("sends a changed address whole, in the country of residence, postcode without spaces", async () => {
    const { user, onSubmit } = setup();
    const home = group("Home address (preferred)");
    await user.clear(home.getByLabelText(/^Line 2/));
    await user.type(home.getByLabelText(/^Line 2/), "Westminster");
    await user.clear(home.getByLabelText("Postcode"));
    await user.type(home.getByLabelText("Postcode"), "sw1a 2aa");
    await save(user);

    await saved();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      member: {
        person: {
          preferredPostalAddress: {
            type: "PERSONAL",
            addressLines: ["1 HIGH STREET", "Westminster"],
            countryCode: "GB",
            postCode: "sw1a2aa",
          },
        },
      },
    });
  });

  it("sends a second changed phone number in a PATCH of its own, since an update carries one", async () => {
    const { user, onSubmit } = setup();
    await user.type(group("Work phone").getByLabelText("Country code"), "+44");
    await user.type(group("Work phone").getByLabelText("Area code"), "20");
    await user.type(group("Work phone").getByLabelText("Number"), "7946 0000");
    await user.clear(group("Mobile").getByLabelText("Number"));
    await user.type(group("Mobile").getByLabelText("Number"), "7700900999");
    await save(user);

    await saved();
    expect(onSubmit.mock.calls.map(([update]) => update)).toEqual([
      {
        member: {
          person: {
            preferredTelecomAddress: {
              type: "PERSONAL",
              deviceType: "MOBILE",
              number: "7700900999",
              countryCode: "44",
            },
          },
        },
      },
      {
        member: {
          person: {
            preferredTelecomAddress: {
              type: "BUSINESS",
              deviceType: "PHONE",
              number: "79460000",
              countryCode: "44",
              areaCode: "20",
            },
          },
        },
      },
    ]);
  });

  it("shows a title and date of birth already set as read-only, with the reason, and never sends them", async () => {
    const { user, onSubmit } = setup(
      membership({
        person: { name: { title: "MS", firstName: "SAM", familyName: "SAMPLE" } },
        canAdd: { title: false },
      }),
    );
    expect(screen.queryByRole("textbox", { name: /Title/ })).toBeNull();
    expect(screen.queryByLabelText(/Date of birth/)).toBeNull();
    expect(screen.getByText("A title cannot be changed once set.")).toBeTruthy();
    expect(screen.getByText("17 May 1980")).toBeTruthy();
    expect(screen.getByText("A date of birth cannot be changed once set.")).toBeTruthy();
    expect(screen.getByText("It cannot be changed; your addresses must be in this country.")).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: /Country of residence/ })).toBeNull();

    await user.selectOptions(screen.getByLabelText("Language"), "ES");
    await save(user);
    await saved();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ member: { person: { locale: { languageCode: "ES" } } } });
  });

  it("offers a missing date of birth and refuses one under 18, as the contract does", async () => {
    const { user, onSubmit } = setup(membership({ person: { dateOfBirth: undefined }, canAdd: { dateOfBirth: true } }));
    const dateOfBirth = screen.getByLabelText(/Date of birth/);
    await user.type(dateOfBirth, "2010-01-01");
    await save(user);

    await waitFor(() => expect(errorOf(dateOfBirth)).toBe("The member must be at least 18 years old."));
    await waitFor(() => expect(document.activeElement).toBe(dateOfBirth));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a phone country code that is not that of the country of residence", async () => {
    const { user, onSubmit } = setup();
    const countryCode = group("Mobile").getByLabelText("Country code");
    await user.clear(countryCode);
    await user.type(countryCode, "34");
    await save(user);

    await waitFor(() => expect(errorOf(countryCode)).toBe("Numbers of members living in GB have country code 44."));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses to remove the email address, which the service cannot do", async () => {
    const { user, onSubmit } = setup();
    await user.clear(screen.getByLabelText("Email address"));
    await save(user);
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText("Email address"))).toBe("An email address can be changed but not removed."),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a malformed email with the contract's rule", async () => {
    const { user } = setup();
    const email = screen.getByLabelText("Email address");
    await user.clear(email);
    await user.type(email, "alex@example_com");
    await save(user);
    await waitFor(() =>
      expect(errorOf(email)).toBe("The email address has one @, and only letters, digits, - and . after it."),
    );
  });

  it("puts the service's refusal on the field its path names and focuses it", async () => {
    const onSubmit = vi.fn<Submit>(async () => ({
      ok: false,
      code: "invalid",
      message: "Some details need correcting.",
      fieldErrors: {
        "member.person.preferredPostalAddress.postCode":
          "Check the postcode: it is not one of your country of residence.",
      },
    }));
    const { user } = setup(membership(), onSubmit);
    const postCode = group("Home address (preferred)").getByLabelText("Postcode");
    await user.clear(postCode);
    await user.type(postCode, "SW1A2AA");
    await save(user);

    await waitFor(() =>
      expect(errorOf(postCode)).toBe("Check the postcode: it is not one of your country of residence."),
    );
    await waitFor(() => expect(document.activeElement).toBe(postCode));
    expect((await screen.findByRole("alert")).textContent).toContain("Some details need correcting.");
    expect(screen.queryByText("Your profile is saved.")).toBeNull();
  });

  it("places a refusal of the second PATCH on the number it carried, and says the rest was saved", async () => {
    const onSubmit = vi
      .fn<Submit>()
      .mockResolvedValueOnce({ ok: true, data: undefined })
      .mockResolvedValueOnce({
        ok: false,
        code: "invalid",
        message: "Some details need correcting.",
        fieldErrors: { "member.person.preferredTelecomAddress.number": "Refused." },
      });
    const { user } = setup(membership(), onSubmit);
    await user.type(group("Home phone").getByLabelText("Number"), "2079460000");
    await user.selectOptions(screen.getByLabelText("Language"), "IT");
    await user.type(group("Work phone").getByLabelText("Number"), "2079461111");
    await save(user);

    await waitFor(() => expect(errorOf(group("Home phone").getByLabelText("Number"))).toBe("Refused."));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(group("Work phone").getByLabelText("Number").getAttribute("aria-invalid")).toBeNull();
    expect((await screen.findByRole("alert")).textContent).toContain("Your other changes were saved.");
  });

  it("shows the stored values once the page is rendered again after a save", async () => {
    const onSubmit = vi.fn<Submit>(async () => ({ ok: true, data: undefined }));
    const { user, view } = setup(membership(), onSubmit);
    const email = screen.getByLabelText("Email address");
    await user.clear(email);
    await user.type(email, "new@example.com");
    await save(user);
    expect(await saved()).toBeTruthy();

    const stored = membership({
      person: { emailAddresses: { preferredEmailAddress: { emailAddress: "NEW@EXAMPLE.COM" } } },
    });
    view.rerender(<ProfileForm membership={stored} countries={countries} onSubmit={onSubmit} today={today} />);
    // The form takes the stored values in an effect.
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>("Email address").value).toBe("NEW@EXAMPLE.COM"));
  });

  it("adds a first address with the chosen country of residence, which then cannot change", async () => {
    const { user, onSubmit } = setup(
      membership({
        person: { countryOfResidence: undefined, preferredPostalAddress: undefined },
        canAdd: { countryOfResidence: true },
      }),
    );
    const home = group("Home address (preferred)");
    await user.type(home.getByLabelText("Line 1"), "Calle Mayor 1");
    await user.type(home.getByLabelText("Postcode"), "28013");
    await save(user);
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText("Country of residence"))).toBe(
        "Choose your country of residence: your addresses must be in it.",
      ),
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText("Country of residence"), "ES");
    await save(user);
    await saved();
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      member: {
        person: {
          preferredPostalAddress: {
            type: "PERSONAL",
            addressLines: ["Calle Mayor 1"],
            countryCode: "ES",
            postCode: "28013",
          },
        },
      },
    });
  });
});
