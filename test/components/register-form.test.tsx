import { render, screen, waitFor, within } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ActionResult } from "@/lib/actions/action-result";
import { RegisterForm } from "@/components/register/register-form";
import type { RegisterSubmission } from "@/components/register/register-form-schema";

const countries = [
  { value: "ES", label: "Spain" },
  { value: "GB", label: "United Kingdom" },
  { value: "ZA", label: "South Africa" },
];
const today = "2026-06-15";

function setup(
  onSubmit = vi.fn<(submission: RegisterSubmission) => Promise<ActionResult | undefined>>(async () => undefined),
) {
  const user = userEvent.setup();
  render(<RegisterForm countries={countries} onSubmit={onSubmit} today={today} />);
  return { user, onSubmit };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillValid(user: User, country: "GB" | "ES" | "ZA") {
  await user.type(screen.getByLabelText("Membership number"), "3081 0000 0000 0003");
  await user.selectOptions(screen.getByLabelText("Country of residence"), country);
  // The fields a country asks for appear once the form has seen the country.
  if (country !== "ES") await user.type(await screen.findByLabelText("Postcode"), "SW1A 1AA");
  if (country === "ZA") {
    await user.selectOptions(await screen.findByLabelText("Identity document"), "PASSPORT");
    await user.type(await screen.findByLabelText("Document number"), "A1234567");
  }
  if (country === "ES") await user.type(await screen.findByLabelText("Date of birth"), "1990-04-01");
  await user.type(screen.getByLabelText("Username"), "jo.tester");
  await user.type(screen.getByLabelText("Password"), "Secret#2026");
  await user.selectOptions(screen.getByLabelText("First security question"), "1");
  await user.type(screen.getByLabelText("First answer"), "Rex");
  await user.selectOptions(screen.getByLabelText("Second security question"), "5");
  await user.type(screen.getByLabelText("Second answer"), "Mini");
}

const submit = (user: User) => user.click(screen.getByRole("button", { name: "Register" }));

function errorOf(field: HTMLElement): string | undefined {
  const ids = field.getAttribute("aria-describedby")?.split(" ") ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.id.endsWith("-error"));
  return error?.textContent?.replace(/^!?Error: /, "");
}

describe("the registration form", () => {
  it("refuses a username the service would refuse, with the contract's rule, and does not submit", async () => {
    const { user, onSubmit } = setup();
    await fillValid(user, "GB");
    const username = screen.getByLabelText("Username");
    await user.clear(username);
    await user.type(username, "jo$tester");
    await submit(user);

    await waitFor(() =>
      expect(errorOf(username)).toBe(
        "The username takes letters, digits and . @ - _, and starts and ends with a letter or digit.",
      ),
    );
    expect(username.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(username).toHaveProperty("id", document.activeElement?.id));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a password with fewer than three kinds of character", async () => {
    const { user, onSubmit } = setup();
    await fillValid(user, "GB");
    const password = screen.getByLabelText("Password");
    await user.clear(password);
    await user.type(password, "alllowercase");
    await submit(user);

    await waitFor(() => expect(errorOf(password)).toMatch(/^The password needs at least three of/));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the password rules before anything is typed", () => {
    setup();
    const password = screen.getByLabelText("Password");
    const hint = document.getElementById(password.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toContain("8 to 20 characters");
    expect(hint?.textContent).toContain("at least three of");
  });

  it("refuses the same security question twice on the second question", async () => {
    const { user, onSubmit } = setup();
    await fillValid(user, "GB");
    await user.selectOptions(screen.getByLabelText("Second security question"), "1");
    await submit(user);

    await waitFor(() =>
      expect(errorOf(screen.getByLabelText("Second security question"))).toBe(
        "The two security responses must answer different questions.",
      ),
    );
    expect(screen.getByLabelText("First security question").getAttribute("aria-invalid")).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks a resident of GB for a postcode and focuses it when missing", async () => {
    const { user, onSubmit } = setup();
    expect(screen.queryByLabelText("Postcode")).toBeNull();
    await fillValid(user, "GB");
    await user.clear(screen.getByLabelText("Postcode"));
    expect(screen.queryByLabelText("Date of birth")).toBeNull();
    await submit(user);

    const postCode = screen.getByLabelText("Postcode");
    await waitFor(() => expect(errorOf(postCode)).toBe("Enter your postcode."));
    await waitFor(() => expect(document.activeElement).toBe(postCode));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks a resident of ES for a date of birth instead of a postcode", async () => {
    const { user, onSubmit } = setup();
    await fillValid(user, "ES");
    expect(screen.queryByLabelText("Postcode")).toBeNull();
    await user.clear(screen.getByLabelText("Date of birth"));
    await submit(user);

    await waitFor(() => expect(errorOf(screen.getByLabelText("Date of birth"))).toBe("Enter your date of birth."));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a date of birth in the future, as the contract does", async () => {
    const { user } = setup();
    await fillValid(user, "ES");
    const dateOfBirth = screen.getByLabelText("Date of birth");
    await user.clear(dateOfBirth);
    await user.type(dateOfBirth, "2026-06-16");
    await submit(user);
    await waitFor(() => expect(errorOf(dateOfBirth)).toBe("The date of birth must not be in the future."));
  });

  it("sends the P7 body of a GB resident: spaces dropped from number and postcode, no date of birth", async () => {
    const { user, onSubmit } = setup();
    await fillValid(user, "GB");
    await submit(user);

    // Sent after the form's checks, which run asynchronously.
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      membershipNumber: "3081000000000003",
      body: {
        member: {
          securityProfile: {
            credentials: { identifier: "jo.tester", password: "Secret#2026" },
            securityResponses: [
              { questionIdentifier: "1", response: "Rex" },
              { questionIdentifier: "5", response: "Mini" },
            ],
          },
          postalAddress: { postCode: "SW1A1AA" },
        },
      },
    });
  });

  it("sends a ZA resident's postcode and registered identifier", async () => {
    const { user, onSubmit } = setup();
    await fillValid(user, "ZA");
    await submit(user);
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const member = onSubmit.mock.calls[0]?.[0].body.member;
    expect(member?.postalAddress).toEqual({ postCode: "SW1A1AA" });
    expect(member?.registeredIdentifier).toEqual([{ identifier: "A1234567", type: "PASSPORT" }]);
    expect(member?.dateOfBirth).toBeUndefined();
  });

  it("puts the service's refusal on the field its path names, with the reason in the alert, and focuses the field", async () => {
    const onSubmit = vi.fn(async (): Promise<ActionResult> => ({
      ok: false,
      code: "refused",
      message: "That username is already in use.",
      fieldErrors: { "member.securityProfile.credentials.identifier": "This username is taken. Choose another one." },
    }));
    const { user } = setup(onSubmit);
    await fillValid(user, "GB");
    await submit(user);

    const username = screen.getByLabelText("Username");
    await waitFor(() => expect(errorOf(username)).toBe("This username is taken. Choose another one."));
    await waitFor(() => expect(document.activeElement).toBe(username));
    expect(within(await screen.findByRole("alert")).getByText("That username is already in use.")).toBeTruthy();
  });

  it("maps a refusal of the second security response's question onto the second question", async () => {
    const onSubmit = vi.fn(async (): Promise<ActionResult> => ({
      ok: false,
      code: "refused",
      message: "Some details need correcting.",
      fieldErrors: { "member.securityProfile.securityResponses[1].questionIdentifier": "Refused by the service." },
    }));
    const { user } = setup(onSubmit);
    await fillValid(user, "GB");
    await submit(user);
    await waitFor(() =>
      expect(errorOf(screen.getByLabelText("Second security question"))).toBe("Refused by the service."),
    );
    expect(screen.getByLabelText("First security question").getAttribute("aria-invalid")).toBeNull();
  });

  it("shows a refusal of a field not on screen in the alert, and focuses the alert", async () => {
    const onSubmit = vi.fn(async (): Promise<ActionResult> => ({
      ok: false,
      code: "refused",
      message: "Some details need correcting.",
      fieldErrors: { "member.postalAddress.postCode": "Your membership needs a postcode to register." },
    }));
    const { user } = setup(onSubmit);
    await fillValid(user, "ES");
    await submit(user);

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Postcode: Your membership needs a postcode to register.");
    await waitFor(() => expect(document.activeElement).toBe(alert));
  });

  it("shows a refusal without fields (already registered) in the alert", async () => {
    const onSubmit = vi.fn(async (): Promise<ActionResult> => ({
      ok: false,
      code: "refused",
      message: "This membership is already registered for online access.",
    }));
    const { user } = setup(onSubmit);
    await fillValid(user, "GB");
    await submit(user);
    expect((await screen.findByRole("alert")).textContent).toContain(
      "This membership is already registered for online access.",
    );
    for (const field of screen.getAllByRole("textbox")) expect(field.getAttribute("aria-invalid")).toBeNull();
  });

  it("says it is registering and refuses a second click while the service answers", async () => {
    let finish: (result: ActionResult) => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<ActionResult>((resolve) => (finish = resolve)));
    const { user } = setup(onSubmit);
    await fillValid(user, "GB");
    await submit(user);

    const button = await screen.findByRole("button", { name: "Registering…" });
    expect(button).toHaveProperty("disabled", true);
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    finish({ ok: false, code: "unavailable", message: "The loyalty service is not available at the moment." });
    expect(await screen.findByRole("button", { name: "Register" })).toHaveProperty("disabled", false);
  });
});
