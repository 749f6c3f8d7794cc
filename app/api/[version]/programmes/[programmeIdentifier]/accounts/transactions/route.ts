import { retrieveOwnTransactions } from "@/server/loyalty/operations/retrieve-transactions";

export const { GET, POST, PUT, PATCH, DELETE } = retrieveOwnTransactions;
