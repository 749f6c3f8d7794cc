import { render, screen, waitFor } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConsoleActionForm } from "@/components/developers/console-action-form";
import type { ConsoleFormAction } from "@/components/developers/console-answer";
import { DeveloperSignInForm } from "@/components/developers/developer-sign-in-form";
import { DeveloperSignUpForm } from "@/components/developers/developer-sign-up-form";
import { FurtherRedirectUrisForm } from "@/components/developers/further-redirect-uris-form";
import { RedirectUrisForm } from "@/components/developers/redirect-uris-form";
import type { CreatedSandbox } from "@/lib/developers/console-action-schemas";
import type { DeveloperFormState } from "@/lib/developers/credentials-schema";

type SignUp = (
  state: DeveloperFormState<CreatedSandbox>,
  form: FormData,
) => Promise<DeveloperFormState<CreatedSandbox>>;
type SignIn = (state: DeveloperFormState, form: FormData) => Promise<DeveloperFormState>;

describe("the developer console's forms read the one ActionResult", () => {
  it("a console action shows what happened and the new secret once, then a refusal in the alert", async () => {
    const action = vi
      .fn<ConsoleFormAction>()
      .mockResolvedValueOnce({ ok: true, data: { message: "Copy the new one now.", secret: "sk_test_new" } })
      .mockResolvedValueOnce({ ok: false, code: "refused", message: "This key is no longer in use. Reload the page." });
    const user = userEvent.setup();
    const { container } = render(
      <ConsoleActionForm
        action={action}
        fields={{ keyId: "7" }}
        label="Roll"
        pendingLabel="Rolling…"
        secretLabel="New key"
      />,
    );
    await user.click(screen.getByRole("button", { name: "Roll" }));
    expect(await screen.findByText("Copy the new one now.")).toBeTruthy();
    expect(container.querySelector('[data-credential="new-secret"]')?.textContent).toBe("sk_test_new");
    expect(action.mock.calls[0]![1].get("keyId")).toBe("7");
    expect(screen.queryByRole("alert")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Roll" }));
    expect((await screen.findByRole("alert")).textContent).toBe("This key is no longer in use. Reload the page.");
    expect(container.querySelector('[data-credential="new-secret"]')).toBeNull();
  });

  it("the redirect URIs are one per row: a bad row is named under itself, nothing is sent, and every row keeps its text", async () => {
    const action = vi
      .fn<ConsoleFormAction>()
      .mockResolvedValueOnce({ ok: false, code: "invalid", message: "Row 3: Each address once." })
      .mockResolvedValueOnce({ ok: true, data: { message: "Saved." } });
    const user = userEvent.setup();
    render(<RedirectUrisForm action={action} clientId={3} uris={["https://a.example/cb"]} />);
    await user.click(screen.getByRole("button", { name: "Add a redirect URI" }));
    const second = screen.getByLabelText("Redirect URI 2");
    await user.type(second, "ftp://b.example/cb");
    await user.click(screen.getByRole("button", { name: "Save redirect URIs" }));
    expect(action).not.toHaveBeenCalled();
    expect(second.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Each address must start with https:// or http://, without a # part.")).toBeTruthy();
    expect(screen.getByLabelText("Redirect URI 1").getAttribute("aria-invalid")).not.toBe("true");
    expect((screen.getByLabelText("Redirect URI 1") as HTMLInputElement).value).toBe("https://a.example/cb");

    await user.clear(second);
    await user.type(second, "https://b.example/cb");
    await user.click(screen.getByRole("button", { name: "Save redirect URIs" }));
    // The server's refusal names the row; what was typed stays.
    expect((await screen.findByRole("alert")).textContent).toBe("Row 3: Each address once.");
    expect(action.mock.calls[0]![1].getAll("redirectUri")).toEqual(["https://a.example/cb", "https://b.example/cb"]);
    expect((screen.getByLabelText("Redirect URI 2") as HTMLInputElement).value).toBe("https://b.example/cb");

    await user.click(screen.getAllByRole("button", { name: /^Remove/ })[0]!);
    await user.click(screen.getByRole("button", { name: "Save redirect URIs" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(action.mock.calls[1]![1].getAll("redirectUri")).toEqual(["https://b.example/cb"]);
  });

  it.each([
    [
      "further programmes",
      (action: ConsoleFormAction) => (
        <FurtherRedirectUrisForm
          action={action}
          clientId={4}
          uris={[{ programme: "SKYWARDS", uri: "https://b.example/cb" }]}
        />
      ),
      "further-redirect-uris-4-error",
    ],
  ])("the %s redirect URIs form points its field to the refusal and says a save", async (_name, form, errorId) => {
    const action = vi
      .fn<ConsoleFormAction>()
      .mockResolvedValueOnce({ ok: false, code: "invalid", message: "Enter at least one redirect address." })
      .mockResolvedValueOnce({ ok: true, data: { message: "Saved." } });
    const user = userEvent.setup();
    render(form(action));
    await user.click(screen.getByRole("button", { name: "Save redirect URIs" }));
    const alert = await screen.findByRole("alert");
    expect(alert.id).toBe(errorId);
    expect(alert.textContent).toBe("Enter at least one redirect address.");
    expect(document.querySelector(`[aria-describedby~="${errorId}"]`)).not.toBeNull();

    await user.click(screen.getByRole("button", { name: "Save redirect URIs" }));
    expect(await screen.findByText("Saved.")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.querySelector(`[aria-describedby~="${errorId}"]`)).toBeNull();
  });

  it("sign-in puts field errors beside their fields (no alert), a refusal in the alert, and refills the email", async () => {
    const action = vi
      .fn<SignIn>()
      .mockResolvedValueOnce({
        email: "dev@example.com",
        result: {
          ok: false,
          code: "invalid",
          message: "Some details need correcting.",
          fieldErrors: { password: "Enter your password." },
        },
      })
      .mockResolvedValueOnce({
        email: "dev@example.com",
        result: { ok: false, code: "refused", message: "The email or password is incorrect." },
      });
    const user = userEvent.setup();
    render(<DeveloperSignInForm action={action} />);
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("Enter your password.")).toBeTruthy();
    expect(screen.queryByText("Some details need correcting.")).toBeNull();
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("dev@example.com");

    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() =>
      expect(screen.getByText("The email or password is incorrect.").getAttribute("role")).toBe("alert"),
    );
    expect(screen.queryByText("Enter your password.")).toBeNull();
  });

  it("sign-up shows the new sandbox's credentials, from the result's data, in place of the form", async () => {
    const created: CreatedSandbox = {
      partnerIdentifier: "SANDBOX01",
      apiKey: "sk_staging_x",
      clientId: "client-x",
      clientSecret: "secret-x",
      furtherClientId: "further-x",
      businessContextIdentifier: "context-x",
      partnerSecret: "partner-secret-x",
    };
    const action = vi.fn<SignUp>(async () => ({ result: { ok: true, data: created } }));
    const user = userEvent.setup();
    const { container } = render(<DeveloperSignUpForm action={action} />);
    await user.click(screen.getByRole("button", { name: "Create my sandbox" }));
    expect(await screen.findByRole("heading", { name: "Your sandbox is ready" })).toBeTruthy();
    expect(container.querySelector('[data-credential="api-key"]')?.textContent).toBe("sk_staging_x");
    expect(container.querySelector('[data-credential="partner-secret"]')?.textContent).toBe("partner-secret-x");
    expect(screen.queryByRole("button", { name: "Create my sandbox" })).toBeNull();
  });
});
