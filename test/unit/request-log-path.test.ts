import { describe, expect, it } from "vitest";
import { loggedPath, maxLoggedPathLength } from "@/server/loyalty/request-log/logged-path";

const logged = (pathAndQuery: string) => loggedPath(new URL(pathAndQuery, "http://localhost:3000"));

describe("the path the request log keeps", () => {
  it("keeps the path and the documented query parameters with their values", () => {
    expect(logged("/api/v1/programmes?location-identifier=ES&api_key=SBX0DEMO0PARTNER00000001")).toBe(
      "/api/v1/programmes?location-identifier=ES",
    );
    expect(
      logged(
        "/api/v1/programmes/NORTHSTAR/accounts/transactions?start-record=1&end-record=5&date-made-from=2026-01-01",
      ),
    ).toBe("/api/v1/programmes/NORTHSTAR/accounts/transactions?start-record=1&end-record=5&date-made-from=2026-01-01");
  });

  it("drops api_key (however often or spelt) and every credential-like name, and hides other values", () => {
    expect(
      logged(
        "/api/v1/programmes?api_key=A&api_key=B&API_KEY=C&apiKey=D&client_secret=E&access_token=F&password=G&code=H&fields=Balance&foo=bar",
      ),
    ).toBe("/api/v1/programmes?fields=Balance&foo=[removed]");
  });

  it("drops parameters whose name is not a plain name, and shortens what is too long", () => {
    expect(logged("/api/v1/programmes?%3Cscript%3E=1&sk_live%20x=2")).toBe("/api/v1/programmes");
    const long = logged(`/api/v1/${"a".repeat(700)}`);
    expect(long.length).toBe(maxLoggedPathLength);
    expect(long.endsWith("…")).toBe(true);
    expect(logged(`/api/v1/programmes?membership-identifier=${"1".repeat(300)}`)).toBe(
      `/api/v1/programmes?membership-identifier=${"1".repeat(100)}`,
    );
  });
});

describe("the path the request log keeps, secrets repeated in it", () => {
  it("masks the key sent wherever the path repeats it, and api_key values in the path", () => {
    const key = "SBX0DEMO0PARTNER00000001";
    const path = logged(`/api/v1/programmes/${key}/api_key=${key}x/accounts?fields=${key}&api_key=${key}`);
    expect(path).not.toContain(key);
    expect(path).toBe("/api/v1/programmes/[redacted]/api_key=[redacted]/accounts?fields=%5Bredacted%5D");
  });

  it("drops parameters whose name means a secret in any spelling: pin, cardNumber, new-password", () => {
    expect(logged("/api/v1/programmes?PIN=1&cardNumber=4242&new-password=x&shipping=y&apiKey=z")).toBe(
      "/api/v1/programmes?shipping=[removed]",
    );
  });
});
