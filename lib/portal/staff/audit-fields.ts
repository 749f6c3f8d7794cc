/** One field of an audit row's before or after, in words: "Balance" — "60000". */
export interface AuditField {
  label: string;
  value: string;
}

/** Words for the keys the console's actions record; any other key is split from camelCase. */
const fieldLabels: Record<string, string> = {
  balance: "Balance",
  points: "Points",
  creditIdentifier: "Credit reference",
  dateMade: "Date made",
  cashMinor: "Cash (minor units)",
  requestId: "Request",
  requestedBy: "Requested by",
  approvedBy: "Approved by",
  expiresAt: "Expires",
  orderNumber: "Order",
  attentionReason: "Why it needed attention",
  upToId: "Rows up to",
  revealed: "Revealed",
  contact: "Contact details",
};

function words(key: string): string {
  if (fieldLabels[key]) return fieldLabels[key];
  const spaced = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.]/g, " ")
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function text(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(text).join(", ");
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${words(key).toLowerCase()} ${text(inner)}`)
      .join(", ");
  }
  return String(value);
}

/**
 * An audit row's before or after as labelled fields (never raw JSON): an
 * object's keys in words, one field each, nested values flattened into
 * words; anything else is one field, "Value".
 */
export function auditFields(value: unknown): AuditField[] {
  if (value === null || value === undefined) return [];
  if (typeof value !== "object" || Array.isArray(value)) return [{ label: "Value", value: text(value) }];
  return Object.entries(value as Record<string, unknown>).map(([key, inner]) => ({
    label: words(key),
    value: text(inner),
  }));
}

/** The fields on one line, for the CSV: "Balance: 60000; Points: 20000". */
export function auditFieldsLine(value: unknown): string {
  return auditFields(value)
    .map((field) => `${field.label}: ${field.value}`)
    .join("; ");
}
