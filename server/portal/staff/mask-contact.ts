import "server-only";

/**
 * An email with its local part hidden but for its first character:
 * CASEY.SHOPPER@EXAMPLE.COM → C••••@EXAMPLE.COM (the length is not told either).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "••••";
  return `${email.charAt(0)}••••${email.slice(at)}`;
}

/** A phone number but for its last two digits: 7700900123 → ••••••23. */
export function maskPhoneNumber(number: string): string {
  const digits = number.replace(/\D/g, "");
  return `••••••${digits.slice(-2)}`;
}
