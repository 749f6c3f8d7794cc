import { unknownPaymentsPath } from "@/server/payments/http/payments-operation";

// Paths under /payments-sandbox that no endpoint serves still answer in the API's error shape.
export const { GET, POST, PUT, PATCH, DELETE } = unknownPaymentsPath();
