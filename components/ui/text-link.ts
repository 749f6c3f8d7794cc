import { focusRing } from "./focus-ring";

/** A link in running text: underlined, so it is told from the words around it without colour alone, and the focus ring. */
export const textLink = `rounded font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900 ${focusRing}`;
