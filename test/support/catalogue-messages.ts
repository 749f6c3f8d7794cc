import ca from "@/messages/ca.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import it from "@/messages/it.json";

/** The portal's five catalogues, by language, as translators write them (plain ICU). */
export const catalogues: Record<"en" | "es" | "ca" | "fr" | "it", unknown> = { en, es, ca, fr, it };

/** Every message of a catalogue by its dotted key. */
export function flattenMessages(tree: unknown, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [inner, text] of flattenMessages(value, path)) entries.set(inner, text);
  }
  return entries;
}
