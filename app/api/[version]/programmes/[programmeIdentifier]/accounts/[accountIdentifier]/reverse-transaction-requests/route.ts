import { reverseTransaction } from "@/server/loyalty/operations/reverse-transaction";

export const { GET, POST, PUT, PATCH, DELETE } = reverseTransaction;
