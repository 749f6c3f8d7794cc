import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CheckboxField } from "@/components/forms/checkbox-field";
import { SelectField } from "@/components/forms/select-field";
import { SubmitButton } from "@/components/forms/submit-button";
import { TextField } from "@/components/forms/text-field";
import { TextareaField } from "@/components/forms/textarea-field";
import { Button, ButtonLink } from "@/components/ui/button";
import { ErrorPage } from "@/components/ui/error-page";
import { ErrorPanel } from "@/components/ui/error-panel";
import { focusRing } from "@/components/ui/focus-ring";
import { Notice } from "@/components/ui/notice";
import { SignInFrame } from "@/components/ui/sign-in-frame";
import { render, screen } from "@/test/support/render";

/** The classes of the one focus ring, as an element carries them. */
const ringClasses = focusRing.split(" ");
const hasFocusRing = (element: Element) => ringClasses.every((name) => element.classList.contains(name));

/** The elements an element's aria-describedby names, by their text. */
function descriptions(element: Element): string[] {
  const ids = element.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `(no element #${id})`);
}

describe("Button and ButtonLink", () => {
  it("is a button that does not submit its form unless asked, with the focus ring, whatever its variant", async () => {
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const onClick = vi.fn();
    const user = userEvent.setup();
    const { container } = render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button onClick={onClick}>Show more</Button>
        <Button variant="danger" type="submit">
          Remove
        </Button>
        <Button variant="link">Use this card</Button>
        <Button variant="on-dark">Log out</Button>
      </form>,
    );
    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Remove" }));
    expect(onSubmit).toHaveBeenCalledOnce();

    const buttons = [...container.querySelectorAll("button")];
    expect(buttons).toHaveLength(4);
    for (const button of buttons.slice(0, 3)) expect(hasFocusRing(button), button.textContent!).toBe(true);
    // On a dark background the ring is white, not the brand colour.
    expect(buttons[3]!.classList.contains("focus-visible:ring-2")).toBe(true);
    expect(buttons[3]!.classList.contains("focus-visible:ring-white")).toBe(true);
    expect(screen.getByRole("button", { name: "Remove" }).className).toContain("bg-red-700");
  });

  it("renders its label as its only content, as the no-script form tests read it", () => {
    const { container } = render(<Button type="submit">Send the test event</Button>);
    expect(container.innerHTML).toMatch(/<button\b[^>]*>Send the test event<\/button>/);
  });

  it("goes somewhere as a link: Next.js's Link, or a plain anchor when asked", () => {
    render(
      <>
        <ButtonLink href="/orders" variant="primary">
          Your orders
        </ButtonLink>
        <ButtonLink href="/staff/audit.csv" plain download variant="secondary">
          Export CSV
        </ButtonLink>
      </>,
    );
    const orders = screen.getByRole("link", { name: "Your orders" });
    expect(orders.getAttribute("href")).toBe("/orders");
    expect(hasFocusRing(orders)).toBe(true);
    const exported = screen.getByRole("link", { name: "Export CSV" });
    expect(exported.getAttribute("href")).toBe("/staff/audit.csv");
    expect(exported.hasAttribute("download")).toBe(true);
    expect(hasFocusRing(exported)).toBe(true);
  });

  it("says it is busy while a form's submission runs, and refuses a second click", () => {
    render(
      <SubmitButton pending pendingLabel="Saving…">
        Save
      </SubmitButton>,
    );
    const button = screen.getByRole("button", { name: "Saving…" });
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(hasFocusRing(button)).toBe(true);
  });
});

describe("Notice", () => {
  it("is a status, an alert, a note or just text, as asked", () => {
    render(
      <>
        <Notice tone="success" role="status">
          Saved.
        </Notice>
        <Notice tone="error" role="alert" title="Not saved">
          The name is too long.
        </Notice>
        <Notice tone="warning" role="note">
          Shared by everyone.
        </Notice>
        <Notice>Nothing to say aloud.</Notice>
      </>,
    );
    expect(screen.getByRole("status").textContent).toBe("Saved.");
    expect(screen.getByRole("alert").textContent).toBe("Not savedThe name is too long.");
    expect(screen.getByRole("note").textContent).toBe("Shared by everyone.");
    expect(screen.getByText("Nothing to say aloud.").getAttribute("role")).toBeNull();
  });

  it("takes the focus ring only when it can take the focus", () => {
    render(
      <>
        <Notice role="alert" tabIndex={-1}>
          Focusable
        </Notice>
        <Notice role="status">Not focusable</Notice>
      </>,
    );
    expect(hasFocusRing(screen.getByRole("alert"))).toBe(true);
    expect(hasFocusRing(screen.getByRole("status"))).toBe(false);
  });
});

describe("ErrorPanel and ErrorPage", () => {
  it("keeps its technical details in a closed disclosure the reader can open", async () => {
    const user = userEvent.setup();
    render(
      <ErrorPanel title="The order could not be placed" details="HTTP 503 · request 7f3c" headingLevel={1}>
        The loyalty service did not answer. Try again in a minute.
      </ErrorPanel>,
    );
    const panel = screen.getByRole("alert");
    expect(screen.getByRole("heading", { level: 1, name: "The order could not be placed" })).toBeTruthy();
    const details = panel.querySelector("details")!;
    expect(details.open).toBe(false);
    const summary = screen.getByText("Technical details");
    expect(hasFocusRing(summary)).toBe(true);
    await user.click(summary);
    expect(details.open).toBe(true);
    expect(details.textContent).toContain("HTTP 503 · request 7f3c");
  });

  it("is no alert for a page that is simply not there, and has no disclosure without details", () => {
    render(
      <ErrorPanel title="Order not found" tone="neutral" alert={false}>
        No such order.
      </ErrorPanel>,
    );
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "Order not found" })).toBeTruthy();
    expect(screen.queryByText("Technical details")).toBeNull();
  });

  it("gives an error boundary's reader plain words, the digest to quote and a way to try again", async () => {
    const reset = vi.fn();
    const user = userEvent.setup();
    const error = Object.assign(new Error("relation does not exist at line 3"), { digest: "2841913" });
    render(
      <ErrorPage
        error={error}
        reset={reset}
        words={{
          title: "Something went wrong",
          text: "This page could not be shown.",
          reference: (digest) => `Reference: ${digest}`,
          tryAgain: "Try again",
        }}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Reference: 2841913");
    expect(alert.textContent).not.toContain("relation does not exist");
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(reset).toHaveBeenCalledOnce();
  });
});

describe("ErrorPage without a reference", () => {
  it("shows no digest where the words have no reference line (a busy console: nothing failed)", () => {
    const error = Object.assign(new Error("busy"), { digest: "99" });
    render(
      <ErrorPage error={error} reset={() => undefined} words={{ title: "Busy", text: "Later.", tryAgain: "Again" }} />,
    );
    expect(screen.getByRole("alert").textContent).not.toContain("99");
  });
});

describe("the form fields", () => {
  it("sets a fixed-width face on a code-like field as a class of its own, text or multi-line", () => {
    render(
      <>
        <TextField name="clientId" idBase="mono-1" label="Client id" mono />
        <TextareaField name="uris" idBase="mono-2" label="Redirect URIs" mono />
      </>,
    );
    for (const name of ["Client id", "Redirect URIs"]) {
      const control = screen.getByLabelText(name);
      expect(control.classList).toContain("font-mono");
      expect(control.className).not.toMatch(/\S+font-mono/);
    }
  });

  it("ties a plain form's text field to its label, hint and error", () => {
    render(<TextField name="url" label="Address" hint="https:// only" error="Enter an address." type="url" />);
    const input = screen.getByLabelText("Address");
    expect(input.getAttribute("name")).toBe("url");
    expect(input.getAttribute("type")).toBe("url");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    // The error reads "Error: …" to a screen reader (the "!" before it is hidden from one).
    expect(descriptions(input)).toEqual(["https:// only", "!Error: Enter an address."]);
    expect(hasFocusRing(input)).toBe(true);
  });

  it("is neither invalid nor described when there is nothing to say", () => {
    render(<SelectField name="type" label="Event type" options={[{ value: "a", label: "A" }]} />);
    const select = screen.getByRole("combobox", { name: "Event type" });
    expect(select.hasAttribute("aria-invalid")).toBe(false);
    expect(select.hasAttribute("aria-describedby")).toBe(false);
  });

  it("offers a select's empty first choice and keeps the server's value", () => {
    render(
      <SelectField
        name="actor"
        label="Actor"
        placeholder="Anyone"
        defaultValue="agent1"
        options={[{ value: "agent1", label: "agent1" }]}
      />,
    );
    const select = screen.getByRole("combobox", { name: "Actor" }) as HTMLSelectElement;
    expect([...select.options].map((option) => option.text)).toEqual(["Anyone", "agent1"]);
    expect(select.value).toBe("agent1");
  });

  it("points a text area to an error said elsewhere (a form's answer)", () => {
    render(
      <>
        <TextareaField name="redirectUris" idBase="redirect-uris-3" label="Redirect URIs" errorElsewhere="answer-3" />
        <p id="answer-3">Enter at least one redirect address.</p>
      </>,
    );
    const textarea = screen.getByRole("textbox", { name: "Redirect URIs" });
    expect(textarea.id).toBe("field-redirect-uris-3");
    expect(textarea.getAttribute("aria-invalid")).toBe("true");
    expect(descriptions(textarea)).toEqual(["Enter at least one redirect address."]);
  });

  it("labels each checkbox of one name by its own ids", async () => {
    const user = userEvent.setup();
    render(
      <fieldset>
        <legend>Events it takes</legend>
        <CheckboxField name="eventTypes" idBase="event-a" value="a" label="points.credited" defaultChecked />
        <CheckboxField name="eventTypes" idBase="event-b" value="b" label="points.debited" />
      </fieldset>,
    );
    const credited = screen.getByRole("checkbox", { name: "points.credited" }) as HTMLInputElement;
    const debited = screen.getByRole("checkbox", { name: "points.debited" }) as HTMLInputElement;
    expect(credited.id).not.toBe(debited.id);
    expect(credited.checked).toBe(true);
    await user.click(screen.getByText("points.debited"));
    expect(debited.checked).toBe(true);
    expect(hasFocusRing(debited)).toBe(true);
  });
});

describe("SignInFrame", () => {
  it("frames a sign-in: its heading, why the reader is here, the form in its card, the way on", () => {
    render(
      <SignInFrame
        main
        eyebrow="Demo Partner"
        title="Staff console"
        intro="For the partner's agents."
        notice={{ text: "You have logged out of the staff console.", tone: "info" }}
        footer={<p>New here?</p>}
      >
        <form aria-label="Log in" />
      </SignInFrame>,
    );
    const main = screen.getByRole("main");
    expect(main.id).toBe("main");
    expect(screen.getByRole("heading", { level: 1, name: "Staff console" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("You have logged out of the staff console.");
    expect(screen.getByRole("form", { name: "Log in" })).toBeTruthy();
    expect(screen.getByText("New here?")).toBeTruthy();
  });

  it("says a refusal as an alert, and leaves the main landmark to a layout that has one", () => {
    render(
      <SignInFrame title="Sign in" notice={{ text: "The sign-in was cancelled.", tone: "error" }}>
        <p>form</p>
      </SignInFrame>,
    );
    expect(screen.queryByRole("main")).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("The sign-in was cancelled.");
  });
});
