/** JSON bodies of partner operations: far above any request the contracts accept (their arrays are capped). */
export const maxJsonBodyBytes = 64 * 1024;
/** Form bodies of the token services and login pages: a few parameters of at most a few hundred characters. */
export const maxFormBodyBytes = 8 * 1024;

// The reader is shared with the portal (next-auth's routes): server/http/read-body-within.ts.
export { bodyText, readBodyWithin, readNodeBodyWithin, type BodyRead } from "@/server/http/read-body-within";
