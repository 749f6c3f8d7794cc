import { voidAuthorisation } from "@/server/payments/operations/void-authorisation";

export const { GET, POST, PUT, PATCH, DELETE } = voidAuthorisation;
