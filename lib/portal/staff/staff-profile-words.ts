/**
 * The profile form's sentences as staff read them, in place of the member's
 * own ("To change your name, contact the programme", "The language we write
 * to you in"): the staff edit form shows the member's fields under the same
 * rules, but speaks of the member in the third person. Keys are those of the
 * `profile` catalogue (messages/en.json) they replace.
 */
export const staffProfileWords = {
  nameExplanation: "Names are not changed here: the member asks the programme, which checks their identity.",
  titleHint: "For example Mr, Ms, Dr. Once saved, it cannot be changed.",
  dateOfBirthHint: "The member must be 18 or over. Once saved, it cannot be changed.",
  languageHint: "The language the programme writes to the member in, and of the member's portal.",
  contactDescription:
    "They can be changed but not removed. A phone's country code is that of the member's country of residence, such as 44 for the United Kingdom.",
  countryHint:
    "Set with the member's first address, and then it cannot be changed. The member's addresses must be in this country.",
  countryFixed: "It cannot be changed; the member's addresses must be in this country.",
  contactBy: "The programme may contact the member by",
} as const;
