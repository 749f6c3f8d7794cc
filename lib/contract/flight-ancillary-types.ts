/** Flight ancillaries, shared by debit product summaries and pricing (v2 adds PRIORITY_BOARDING). */
export const flightAncillaryTypesV1 = [
  "SEAT",
  "PET",
  "BAGGAGE",
  "SPECIAL_BAGGAGE",
  "LOUNGE_PASS",
  "PARKING",
  "MEALS",
  "WIFI",
  "UPGRADE",
  "BUY_ON_BOARD",
  "UNACCOMPANIED_MINOR",
  "FEES",
] as const;
