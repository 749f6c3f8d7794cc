/**
 * The history's partner entries in words. A partner's description is a code
 * more often than a sentence (P4 and P5 allow no spaces in many of their
 * fields): the codes the programme and its partners use are worded by the
 * catalogue (`transactions.descriptions`, `transactions.sources`) in the
 * reader's language; anything else is shown as the partner sent it, marked
 * as such, since the portal cannot know its language.
 */

/** The descriptions the catalogue words, by the code as sent. */
export const describedCodes = {
  "CARD-SIGNUP-BONUS": "cardSignupBonus",
  "CARD-SPEND-BONUS": "cardSpendBonus",
  "HOTEL-STAY": "hotelStay",
  SEATUPGRADE: "seatUpgrade",
  "CAR-HIRE": "carHire",
  "PARTNER-TRANSFER": "partnerTransfer",
  "PARTNER-BONUS": "partnerBonus",
  LOUNGEPASS: "loungePass",
  "TRAVEL-INSURANCE": "travelInsurance",
  REWARDFLIGHT: "rewardFlight",
  EXTRABAGGAGE: "extraBaggage",
  HOTELREWARD: "hotelReward",
  "DEMOSHOP&POINTS": "demoShopPoints",
  "DEMOSHOP-PURCHASE": "demoShopPurchase",
  Goodwill: "goodwill",
  "PAYMENT-FAILED": "paymentFailed",
  "ORDER-CANCELLED": "orderCancelled",
} as const;

export type DescribedCode = (typeof describedCodes)[keyof typeof describedCodes];

/** The sources the catalogue words (who credited the points). */
export const namedSources = {
  DEMOSHOP: "demoPartner",
  CUSTCARE: "customerCare",
} as const;

export type NamedSource = (typeof namedSources)[keyof typeof namedSources];

export type DescriptionWords =
  | { kind: "worded"; key: DescribedCode }
  | { kind: "flight"; from: string; to: string }
  | { kind: "asSent"; text: string };

export type SourceWords = { kind: "named"; key: NamedSource } | { kind: "asSent"; text: string };

const flightCode = /^FLIGHT-([A-Z]{3})-([A-Z]{3})$/;

function own<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.prototype.hasOwnProperty.call(table, key);
}

/** "HOTEL-STAY" → the catalogue's "Hotel stay"; "FLIGHT-LHR-JFK" → a flight from LHR to JFK; else as sent. */
export function describePartnerEntry(description: string): DescriptionWords {
  const code = description.trim();
  if (own(describedCodes, code)) return { kind: "worded", key: describedCodes[code] };
  const flight = flightCode.exec(code);
  if (flight) return { kind: "flight", from: flight[1]!, to: flight[2]! };
  return { kind: "asSent", text: description };
}

/** "DEMOSHOP" → the catalogue's name of the partner; else as sent. */
export function nameSource(source: string): SourceWords {
  const code = source.trim();
  if (own(namedSources, code)) return { kind: "named", key: namedSources[code] };
  return { kind: "asSent", text: source };
}
