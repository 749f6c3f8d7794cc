import { retrieveAccount } from "@/server/loyalty/operations/retrieve-account";

export const { GET, POST, PUT, PATCH, DELETE } = retrieveAccount;
