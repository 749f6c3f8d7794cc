import type { ErrorDefinition } from "../error-definition";

/** P4 credit (E7), P5 debit (E8) and P6 reverse (E9). */
export const ledgerErrors = {
  MANDATORY_DATA_MISSING: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "MANDATORY_DATA_MISSING",
    message: "A mandatory element is missing or the body does not follow the contract.",
  },
  ACCOUNT_INVALID: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "ACCOUNT_INVALID",
    message: "The account does not exist or cannot take this transaction.",
  },
  DUPLICATE_TRANSACTION: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "DUPLICATE_TRANSACTION",
    message: "A different transaction with this externalTransactionIdentifier was already processed.",
  },
  INVALID_PROMOTER_CODE: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "INVALID_PROMOTER_CODE",
    message: "The partner has no active programme to credit through.",
  },
  MEMBERSHIP_NUMBER_NAME_MISMATCH: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "MEMBERSHIP_NUMBER_NAME_MISMATCH",
    message: "The membership number and the name do not match.",
  },
  PARTNER_INVALID: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "PARTNER_INVALID",
    message: "The partner is not registered with this programme.",
  },
  PROGRAMME_INVALID: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "PROGRAMME_INVALID",
    message: "The programme is invalid or not supported by this operation.",
  },
  HEADER_INVALID: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "HEADER_INVALID",
    message: "The only media type this service accepts is application/json.",
  },
  IDENTIFIER_NOT_ACTIVATED: {
    status: 400,
    code: "REQUEST_INVALID",
    childCode: "TOKEN_INVALID",
    message: "The membership is not activated.",
  },
  BALANCE_INSUFFICIENT: {
    status: 400,
    code: "BALANCE_INSUFFICIENT",
    message: "The balance is not sufficient for this debit.",
  },
  DEBIT_TOKEN_INVALID: {
    status: 401,
    code: "REQUEST_INVALID",
    childCode: "DATA_INVALID",
    message: "The access token is invalid, expired or revoked.",
  },
  MEMBERSHIP_TOKEN_MISMATCH: {
    status: 401,
    code: "REQUEST_INVALID",
    message: "The membership number does not match the access token.",
  },
  PRODUCT_SUMMARY_INCOMPLETE: {
    status: 401,
    code: "REQUEST_INVALID",
    childCode: "REQUEST_INVALID",
    message: "Each product summary needs a product feature summary or a product type summary.",
  },
  ACCOUNT_NOT_AUTHORIZED: {
    status: 400,
    code: "ACCOUNT_NOT_AUTHORIZED",
    message: "The account's status does not allow this transaction.",
  },
  REVERSAL_NO_LONGER_PERMITTED: {
    status: 400,
    code: "REVERSAL_NO_LONGER_PERMITTED",
    message: "The debit can no longer be reversed: the permitted time has passed.",
  },
  REVERSAL_NOT_PERMITTED: {
    status: 400,
    code: "REVERSAL_NOT_PERMITTED",
    message: "Only a debit that has not been reversed yet can be reversed.",
  },
  INVALID_MEMBER: {
    status: 400,
    code: "INVALID_MEMBER",
    message: "The membership number supplied is invalid.",
  },
} as const satisfies Record<string, ErrorDefinition>;
