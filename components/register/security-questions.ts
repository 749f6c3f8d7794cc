import type { SelectOption } from "@/components/forms/select-field";

/**
 * The twelve security questions, identified 1 to 12 as the service's
 * `questionIdentifier` rule requires. Chosen so the answer is stable over a
 * lifetime and not written on a boarding pass or a public profile.
 */
export const securityQuestions: readonly SelectOption[] = [
  { value: "1", label: "What was the name of your first pet?" },
  { value: "2", label: "In which town or city did your parents meet?" },
  { value: "3", label: "What was the name of your first school?" },
  { value: "4", label: "What is the name of the street you grew up on?" },
  { value: "5", label: "What was the make of your first car?" },
  { value: "6", label: "What is your oldest cousin's first name?" },
  { value: "7", label: "What was the name of your childhood best friend?" },
  { value: "8", label: "What was your childhood nickname?" },
  { value: "9", label: "What is the middle name of your oldest sibling?" },
  { value: "10", label: "To which city did you take your first flight?" },
  { value: "11", label: "What was the first concert you went to?" },
  { value: "12", label: "What was the surname of your favourite teacher?" },
];
