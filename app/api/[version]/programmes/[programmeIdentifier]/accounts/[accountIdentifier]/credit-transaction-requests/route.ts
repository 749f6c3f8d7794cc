import { creditCurrency } from "@/server/loyalty/operations/credit-currency";

export const { GET, POST, PUT, PATCH, DELETE } = creditCurrency;
