import type { PaymentsErrorBody } from "@/lib/payments-contract/contract";
import type { PaymentsError } from "../payments-error";

/** The one shape of every refusal: `{ error: { type, code, message, param?, charge? } }`. */
export function renderPaymentsError(error: PaymentsError): PaymentsErrorBody {
  const { param, charge, authorisation } = error.options;
  return {
    error: {
      type: error.definition.type,
      code: error.code,
      message: error.message,
      ...(param ? { param } : {}),
      ...(charge ? { charge } : {}),
      ...(authorisation ? { authorisation } : {}),
    },
  };
}

export function paymentsErrorResponse(error: PaymentsError, baseHeaders: Record<string, string>): Response {
  return Response.json(renderPaymentsError(error), {
    status: error.definition.status,
    headers: { ...baseHeaders, ...error.options.headers },
  });
}
