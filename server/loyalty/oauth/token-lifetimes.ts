import { sandbox } from "@/server/loyalty/sandbox/sandbox-file";

/** Seconds an authorisation code stays redeemable (spec: 2 minutes). */
export const authorisationCodeSeconds = sandbox.authorisationCodeSeconds;

/** Seconds an access token is valid (`expires_in`). */
export const accessTokenSeconds = 1_800;

/**
 * Seconds a refresh-token family lives from the login that started it. A
 * rotated refresh token inherits the family's end, which is why the refresh
 * lifetime reported differs between responses.
 */
export const refreshFamilySeconds = 30 * 24 * 3_600;

/** Issuer and audience of the service's JWTs. */
export const tokenIssuer = "loyalty-sandbox";
export const tokenAudience = "loyalty-partner-api";
