import "server-only";
import { randomInt } from "node:crypto";

// No look-alikes (0/O, 1/l/I): the password is read off the screen once and typed elsewhere.
const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789";

/**
 * A new staff password, shown once to the administrator who made it: four
 * groups of five characters from 55 (about 115 bits), joined by dashes.
 */
export function generateStaffPassword(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join(""),
  );
  return groups.join("-");
}
