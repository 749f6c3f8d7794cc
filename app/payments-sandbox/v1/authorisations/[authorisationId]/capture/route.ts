import { captureAuthorisation } from "@/server/payments/operations/capture-authorisation";

export const { GET, POST, PUT, PATCH, DELETE } = captureAuthorisation;
