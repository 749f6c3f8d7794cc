import { createToken } from "@/server/payments/operations/create-token";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = createToken;
