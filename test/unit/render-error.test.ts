import { describe, expect, it } from "vitest";
import { errorBodySchema, parseErrorBody, wrappedErrorBodySchema } from "@/lib/contract/error-body";
import { errorCatalogue } from "@/lib/contract/error-catalogue";
import { renderErrorBody, renderErrorReply } from "@/server/loyalty/http/render-error";
import { ServiceError } from "@/server/loyalty/http/service-error";

const context = { origin: "https://sandbox.example", requestId: "req-1" };

describe("renderErrorBody", () => {
  it("renders the flat shape with a child per detail, each with its own path and link", () => {
    const error = new ServiceError("DATA_INVALID", {
      children: [
        { path: "monetaryAmount.amount", developerMessage: "must be numeric" },
        { path: "externalSource", developerMessage: "at most 10 characters" },
      ],
    });
    const body = errorBodySchema.strict().parse(renderErrorBody(error, { ...context, shape: "flat" }));
    expect(body.code).toBe("REQUEST_INVALID");
    expect(body.developerLink).toBe("https://sandbox.example/docs/api/errors#request-invalid");
    expect(body.childError).toEqual([
      {
        code: "DATA_INVALID",
        path: "monetaryAmount.amount",
        businessMessage: errorCatalogue.DATA_INVALID.message,
        developerMessage: "must be numeric",
        developerLink: "https://sandbox.example/docs/api/errors#data-invalid",
      },
      {
        code: "DATA_INVALID",
        path: "externalSource",
        businessMessage: errorCatalogue.DATA_INVALID.message,
        developerMessage: "at most 10 characters",
        developerLink: "https://sandbox.example/docs/api/errors#data-invalid",
      },
    ]);
  });

  it("wraps the same fields in `error` for wrapped operations", () => {
    const error = new ServiceError("DATA_INVALID", { children: [{ path: "a" }] });
    const wrapped = wrappedErrorBodySchema.strict().parse(renderErrorBody(error, { ...context, shape: "wrapped" }));
    expect(wrapped.error).toEqual(renderErrorBody(error, { ...context, shape: "flat" }));
  });

  it("always wraps gateway-level errors, even for a flat operation", () => {
    const body = renderErrorBody(new ServiceError("DEVELOPER_NOT_AUTHORIZED"), { ...context, shape: "flat" });
    expect(wrappedErrorBodySchema.safeParse(body).success).toBe(true);
    expect(parseErrorBody(body)?.code).toBe("DEVELOPER_NOT_AUTHORIZED");
  });

  it("omits childError when the entry has no child code and none is given, and omits an empty path", () => {
    expect(
      renderErrorBody(new ServiceError("SYSTEM_UNAVAILABLE"), { ...context, shape: "wrapped" }),
    ).not.toHaveProperty("error.childError");
    const body = errorBodySchema.parse(
      renderErrorBody(new ServiceError("DATA_INVALID"), { ...context, shape: "flat" }),
    );
    expect(body.childError).toHaveLength(1);
    expect(body.childError?.[0]).not.toHaveProperty("path");
  });

  it("sets the catalogue's status, the request id and extra headers on the reply", () => {
    const reply = renderErrorReply(new ServiceError("HTTP_METHOD_NOT_SUPPORTED", { headers: { Allow: "GET" } }), {
      ...context,
      shape: "flat",
    });
    expect(reply.status).toBe(405);
    expect(reply.headers).toMatchObject({ Allow: "GET", "X-Request-Id": "req-1", "Content-Type": "application/json" });
    expect(errorBodySchema.parse(JSON.parse(reply.body!)).code).toBe("REQUEST_INVALID");
  });
});

describe("errorCatalogue", () => {
  it("uses error statuses and spec-style codes throughout", () => {
    for (const [name, definition] of Object.entries(errorCatalogue)) {
      expect(definition.status, name).toBeGreaterThanOrEqual(400);
      expect(definition.code, name).toMatch(/^[A-Z_]+$/);
      expect(definition.message.length, name).toBeGreaterThan(0);
    }
  });
});

describe("the catalogue's area files", () => {
  it("never define one error name twice (a later spread would silently win)", async () => {
    const { readdirSync } = await import("node:fs");
    const seen = new Map<string, string>();
    for (const file of readdirSync("lib/contract/errors")) {
      const area = (await import(`@/lib/contract/errors/${file.replace(/\.ts$/, "")}`)) as Record<
        string,
        Record<string, unknown>
      >;
      for (const name of Object.values(area).flatMap((entries) => Object.keys(entries))) {
        expect(seen.get(name), `${name} in ${file}`).toBeUndefined();
        seen.set(name, file);
      }
    }
    expect(seen.size).toBe(Object.keys(errorCatalogue).length);
  });
});
