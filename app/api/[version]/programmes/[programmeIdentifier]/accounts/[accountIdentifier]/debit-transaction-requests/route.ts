import { debitCurrency } from "@/server/loyalty/operations/debit-currency";

export const { GET, POST, PUT, PATCH, DELETE } = debitCurrency;
