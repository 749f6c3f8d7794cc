import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseBasicCredentials } from "@/server/loyalty/grant/basic-credentials";

const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);
const header = (raw: string) => `Basic ${Buffer.from(raw).toString("base64")}`;

describe("parseBasicCredentials", () => {
  it("reads the sandbox client id and password", () => {
    expect(parseBasicCredentials(header("DEMO-10001:sandbox-client-secret"))).toEqual({
      clientId: "DEMO-10001",
      secret: "sandbox-client-secret",
    });
  });

  it("form-decodes each part after splitting at the first colon (RFC 6749 §2.3.1)", () => {
    expect(parseBasicCredentials(header("a%3Ab:s%3Ae+cr%2Bet"))).toEqual({ clientId: "a:b", secret: "s:e cr+et" });
    expect(parseBasicCredentials(header("id:pa:ss"))).toEqual({ clientId: "id", secret: "pa:ss" });
  });

  it("accepts the scheme in any case and surrounding spaces", () => {
    expect(parseBasicCredentials(`basic   ${Buffer.from("id:secret").toString("base64")} `)?.clientId).toBe("id");
  });

  it("refuses missing, blank or malformed credentials", () => {
    for (const value of [
      null,
      "",
      "Basic",
      "Basic ",
      "Bearer aWQ6c2VjcmV0",
      "Basic !!!!",
      header("no-colon"),
      header(":secret"),
      header("id:"),
      header(" : "),
      header("id:%E0%A4%A"),
      `Basic ${Buffer.from([0x69, 0x3a, 0xff, 0xfe]).toString("base64")}`,
      header(`id:${"x".repeat(257)}`),
    ]) {
      expect(parseBasicCredentials(value), String(value)).toBeUndefined();
    }
  });

  it("round-trips any non-blank id and secret encoded as RFC 6749 says", () => {
    const part = fc.string({ minLength: 1, maxLength: 60, unit: "grapheme" }).filter((value) => value.trim() !== "");
    fc.assert(
      fc.property(part, part, (clientId, secret) => {
        expect(parseBasicCredentials(header(`${formEncode(clientId)}:${formEncode(secret)}`))).toEqual({
          clientId,
          secret,
        });
      }),
    );
  });
});
