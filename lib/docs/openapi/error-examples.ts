import type { ErrorBody, ErrorShape, WrappedErrorBody } from "@/lib/contract/error-body";
import { anchorOf, type CatalogueEntry } from "@/lib/docs/errors/catalogue";

export function errorLink(origin: string, code: string): string {
  return `${origin}/docs/api/errors#${anchorOf(code)}`;
}

/** The shape an entry is answered in on an operation of `operationShape`: gateway errors are always wrapped. */
export function shapeOf(entry: CatalogueEntry, operationShape: ErrorShape): ErrorShape {
  return entry.gateway ? "wrapped" : operationShape;
}

/** The body the service answers for an entry, as the Error resource lays it out, with the catalogue's messages. */
export function errorExample(entry: CatalogueEntry, shape: ErrorShape, origin: string): ErrorBody | WrappedErrorBody {
  const body: ErrorBody = {
    code: entry.code,
    businessMessage: entry.message,
    developerMessage: entry.message,
    developerLink: errorLink(origin, entry.code),
    ...(entry.childCode
      ? {
          childError: [
            {
              code: entry.childCode,
              businessMessage: entry.message,
              developerMessage: entry.message,
              developerLink: errorLink(origin, entry.childCode),
            },
          ],
        }
      : {}),
  };
  return shape === "wrapped" ? { error: body } : body;
}

/** `REQUEST_INVALID / DATA_INVALID`, as the spec's tables write a code and its child. */
export function codeLabel(entry: Pick<CatalogueEntry, "code" | "childCode">): string {
  return entry.childCode ? `${entry.code} / ${entry.childCode}` : entry.code;
}
