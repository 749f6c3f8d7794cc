import { retrieveToken } from "@/server/payments/operations/retrieve-token";

export const { GET, POST, PUT, PATCH, DELETE } = retrieveToken;
