import { primaryProgramme } from "@/lib/contract/primary-programme";

/** The programmes' short names on order numbers; any other programme shows its first two letters. */
const prefixes: Record<string, string> = { [primaryProgramme]: "NS", MERIDIAN: "MP", HORIZON: "HZ" };

/** What the member reads: `NS-2026-000042` (programme, year placed, the order's sequence number). */
export function formatOrderNumber(order: { programme: string; number: number; createdAt: Date }): string {
  const prefix = prefixes[order.programme] ?? order.programme.slice(0, 2).toUpperCase();
  return `${prefix}-${order.createdAt.getUTCFullYear()}-${String(order.number).padStart(6, "0")}`;
}

/** The same without dashes, for fields that allow only letters and digits (the debit's description). */
export function compactOrderNumber(order: { programme: string; number: number; createdAt: Date }): string {
  return formatOrderNumber(order).replaceAll("-", "");
}
