/** Stable element ids for a field and the texts that describe it. */
export function fieldIds(name: string) {
  const base = `field-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return { input: base, hint: `${base}-hint`, error: `${base}-error` };
}

/** `aria-describedby` for a field: its hint and, when shown, its error. */
export function describedBy(name: string, options: { hint: boolean; error: boolean }): string | undefined {
  const ids = fieldIds(name);
  const parts = [options.hint ? ids.hint : undefined, options.error ? ids.error : undefined].filter(Boolean);
  return parts.length > 0 ? parts.join(" ") : undefined;
}
