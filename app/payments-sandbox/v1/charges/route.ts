import { methodNotAllowed } from "@/server/payments/http/payments-operation";
import { createCharge } from "@/server/payments/operations/create-charge";
import { lookUpCharge } from "@/server/payments/operations/look-up-charge";

// One path, two operations: POST charges, GET looks a charge up by its idempotency key.
export const { POST } = createCharge;
export const { GET } = lookUpCharge;
export const PUT = methodNotAllowed("GET, POST");
export const PATCH = PUT;
export const DELETE = PUT;
