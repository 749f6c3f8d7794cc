import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TryItPanel } from "@/components/docs/reference/try-it-panel";
import type { TryItSpec } from "@/lib/docs/reference/try-it";
import { render, screen, within } from "@/test/support/render";

const spec: TryItSpec = {
  method: "POST",
  paths: ["/api/v1/programmes/{programme-identifier}/things", "/api/test/v1/programmes/{programme-identifier}/things"],
  credentials: [
    { kind: "apiKey", key: "api_key", in: "query", name: "api_key", value: "SBX0DEMO0PARTNER00000001", required: true },
    { kind: "bearer", key: "memberToken", required: true },
  ],
  fields: [
    {
      id: "path-programme-identifier",
      location: "path",
      name: "programme-identifier",
      required: true,
      value: "NORTHSTAR",
      example: "NORTHSTAR",
    },
    {
      id: "header-X-Sandbox-Scenario",
      location: "header",
      name: "X-Sandbox-Scenario",
      required: false,
      value: "",
      options: ["DATA_INVALID", "BALANCE_INSUFFICIENT"],
    },
  ],
  body: {
    mediaType: "application/json",
    required: true,
    examples: [
      { label: "First", sourceId: "example-first" },
      { label: "Second", sourceId: "example-second" },
    ],
  },
};

/** The page's code blocks the form reads its body examples from. */
function renderOnPage() {
  return render(
    <>
      <code id="example-first">{'{"first": true}'}</code>
      <code id="example-second">{'{"second": true}'}</code>
      <TryItPanel spec={spec} title="Do a thing" headingId="try-it" />
    </>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the reference's try-it", () => {
  it("opens as a disclosure, its fields labelled and filled in, the body from the page's first example", async () => {
    renderOnPage();
    const toggle = screen.getByRole("button", { name: "Try it: Do a thing" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("button", { name: "Send request" })).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect((screen.getByLabelText(/^api_key \(query\)/) as HTMLInputElement).value).toBe("SBX0DEMO0PARTNER00000001");
    expect((screen.getByLabelText(/^programme-identifier/) as HTMLInputElement).value).toBe("NORTHSTAR");
    expect((screen.getByLabelText(/^Request body/) as HTMLTextAreaElement).value).toBe('{"first": true}');
    await userEvent.selectOptions(screen.getByLabelText("Start from an example"), "Second");
    expect((screen.getByLabelText(/^Request body/) as HTMLTextAreaElement).value).toBe('{"second": true}');
  });

  it("sends the request to this origin and shows the status, the headers and the body it got", async () => {
    const send = vi.fn(async () =>
      Response.json({ error: { code: "TOKEN_INVALID" } }, { status: 401, headers: { "X-Request-Id": "r-1" } }),
    );
    vi.stubGlobal("fetch", send);
    renderOnPage();
    await userEvent.click(screen.getByRole("button", { name: /^Try it/ }));
    await userEvent.type(screen.getByLabelText(/^memberToken/), "eyJ.token");
    await userEvent.selectOptions(screen.getByLabelText("X-Sandbox-Scenario"), "BALANCE_INSUFFICIENT");
    await userEvent.selectOptions(screen.getByLabelText("Path"), spec.paths[1]!);
    await userEvent.click(screen.getByRole("button", { name: "Send request" }));
    const answer = await screen.findByRole("region", { name: "Response" });
    expect(send).toHaveBeenCalledWith(
      "/api/test/v1/programmes/NORTHSTAR/things?api_key=SBX0DEMO0PARTNER00000001",
      expect.objectContaining({
        method: "POST",
        body: '{"first": true}',
        headers: [
          ["Authorization", "Bearer eyJ.token"],
          ["X-Sandbox-Scenario", "BALANCE_INSUFFICIENT"],
          ["Content-Type", "application/json"],
        ],
      }),
    );
    expect(within(answer).getByText(/^Status/).textContent).toMatch(/Status 401 Unauthorized/);
    expect(within(answer).getByText("x-request-id")).toBeTruthy();
    expect(within(answer).getByRole("region", { name: "Response body" }).textContent).toBe(
      JSON.stringify({ error: { code: "TOKEN_INVALID" } }, null, 2),
    );
  });

  it("refuses to send without a path parameter: says which, marks it invalid and puts the focus there", async () => {
    const send = vi.fn();
    vi.stubGlobal("fetch", send);
    renderOnPage();
    await userEvent.click(screen.getByRole("button", { name: /^Try it/ }));
    const field = screen.getByLabelText(/^programme-identifier/);
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole("button", { name: "Send request" }));
    expect(send).not.toHaveBeenCalled();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(field);
    expect(screen.getByText("Enter programme-identifier: it is part of the path.").id).toBe(
      field.getAttribute("aria-describedby")?.split(" ").pop(),
    );
  });

  it("says so when the request gets no answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    renderOnPage();
    await userEvent.click(screen.getByRole("button", { name: /^Try it/ }));
    await userEvent.click(screen.getByRole("button", { name: "Send request" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The request got no answer: Failed to fetch");
  });
});
