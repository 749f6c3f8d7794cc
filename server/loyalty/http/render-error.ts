import type { ChildError, ErrorBody, ErrorShape } from "@/lib/contract/error-body";
import { jsonReply, type PartnerReply } from "./partner-request";
import type { ServiceError } from "./service-error";

export interface RenderContext {
  shape: ErrorShape;
  /** Origin that `developerLink` URLs point at. */
  origin: string;
  requestId: string;
}

export function developerLinkFor(origin: string, code: string): string {
  return `${origin}/docs/api/errors#${code.toLowerCase().replaceAll("_", "-")}`;
}

/** The spec's Error resource for a ServiceError, flat or wrapped. */
export function renderErrorBody(error: ServiceError, context: RenderContext): ErrorBody | { error: ErrorBody } {
  const definition = error.definition;
  const childCode = "childCode" in definition ? definition.childCode : undefined;
  const children: ChildError[] = (error.options.children ?? (childCode ? [{}] : [])).map((child) => {
    const code = child.code ?? childCode ?? definition.code;
    const businessMessage = child.businessMessage ?? definition.message;
    return {
      code,
      ...(child.path ? { path: child.path } : {}),
      businessMessage,
      developerMessage: child.developerMessage ?? businessMessage,
      developerLink: developerLinkFor(context.origin, code),
    };
  });

  const body: ErrorBody = {
    code: definition.code,
    businessMessage: definition.message,
    developerMessage: error.options.developerMessage ?? definition.message,
    developerLink: developerLinkFor(context.origin, definition.code),
    ...(children.length > 0 ? { childError: children } : {}),
  };

  const wrapped = context.shape === "wrapped" || ("gateway" in definition && definition.gateway === true);
  return wrapped ? { error: body } : body;
}

export function renderErrorReply(error: ServiceError, context: RenderContext): PartnerReply {
  return jsonReply(error.status, renderErrorBody(error, context), {
    "X-Request-Id": context.requestId,
    "Cache-Control": "no-store",
    ...error.options.headers,
  });
}
