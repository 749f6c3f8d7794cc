import { methodNotAllowed } from "@/server/payments/http/payments-operation";
import { createAuthorisation } from "@/server/payments/operations/create-authorisation";
import { lookUpAuthorisation } from "@/server/payments/operations/look-up-authorisation";

// One path, two operations: POST holds an amount, GET looks an authorisation up by an idempotency key.
export const { POST } = createAuthorisation;
export const { GET } = lookUpAuthorisation;
export const PUT = methodNotAllowed("GET, POST");
export const PATCH = PUT;
export const DELETE = PUT;
