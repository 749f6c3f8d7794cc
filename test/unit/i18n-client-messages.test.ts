import { describe, expect, it } from "vitest";
import { clientMessages } from "@/lib/i18n/client-messages";
import en from "@/messages/en.json";

describe("the catalogue a page sends to the browser", () => {
  it("never carries the sandbox banner's words, which only the server renders", () => {
    for (const path of ["/account", "/login", "/staff/login", "/developers", null]) {
      const sent = clientMessages(en, path);
      expect(sent).not.toHaveProperty("sandboxBanner");
      expect(JSON.stringify(sent)).not.toContain(en.sandboxBanner.label);
      expect(sent.checkout).toEqual(en.checkout);
    }
  });

  it("sends nothing from the partner docs, whose pages have no translated client component", () => {
    expect(clientMessages(en, "/docs")).toEqual({});
    expect(clientMessages(en, "/docs/guides/sandbox-data")).toEqual({});
    expect(clientMessages(en, "/docsearch")).toHaveProperty("orders");
  });
});
