import { registerAccount } from "@/server/loyalty/operations/register-account";

export const { GET, POST, PUT, PATCH, DELETE } = registerAccount;
