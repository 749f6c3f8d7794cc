/**
 * The one keyboard focus ring. It shows for keyboard focus only (focus-visible),
 * never on a mouse click, in one colour everywhere, so a keyboard user learns it
 * once. Add `focus-visible:ring-offset-2` to stand it off a filled control, or
 * `focus-visible:ring-inset` inside a scrolling box that would clip it.
 */
const ring = "focus:outline-none focus-visible:ring-2";

export const focusRing = `${ring} focus-visible:ring-brand-600`;

/** The same ring on a dark background (the staff console's header, code blocks), where the brand colour would vanish. */
export const focusRingOnDark = `${ring} focus-visible:ring-white`;
