import { createRefund } from "@/server/payments/operations/create-refund";

export const { GET, POST, PUT, PATCH, DELETE } = createRefund;
