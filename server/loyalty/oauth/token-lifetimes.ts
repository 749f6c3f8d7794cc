// An authorisation code's lifetime is a service rule in the database (server/loyalty/rules).

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
