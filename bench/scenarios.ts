import type { RequestVariant } from "./autocannon-run";

/** The programme every bench member's debited account is in: the scenarios', the references' and the funding's. */
export const benchProgramme = "NORTHSTAR";

export interface BenchMember {
  membershipNumber: string;
  token: string;
}

export interface ScenarioContext {
  apiKey: string;
  members: BenchMember[];
}

export interface BenchScenario {
  name: string;
  /** One variant per member: each connection cycles through them. */
  variants(context: ScenarioContext): RequestVariant[];
}

const departure = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);

const pricingBody = JSON.stringify({
  priceSearchCriteria: {
    priceType: "STATIC_DISCOUNT",
    priceSource: "CACHED",
    product: {
      flight: {
        directFlight: "true",
        passengerSummary: { adultCount: 1 },
        segment: [
          {
            outbound: true,
            leg: [
              {
                schedule: {
                  departureDateRange: { startDateTime: `${departure}T09:30:00.0+01:00` },
                  departureLocation: { id: "LHR", type: "AIRPORT" },
                  arrivalLocation: { id: "MAD", type: "AIRPORT" },
                },
                marketingCarrier: { flightNumber: "456", iatacode: { code: "NS" } },
                operatingCarrier: { flightNumber: "456", iatacode: { code: "NS" } },
              },
            ],
          },
        ],
        price: { monetaryAmount: { amount: 249.99, currency: { code: "EUR" } } },
      },
    },
  },
});

/** What `npm run bench` drives through the HTTP stack. */
export const benchScenarios: BenchScenario[] = [
  {
    name: "debit 1 point (P5)",
    variants: ({ apiKey, members }) =>
      members.map(({ membershipNumber, token }) => ({
        method: "POST",
        path: `/api/v1/programmes/${benchProgramme}/accounts/${membershipNumber}/debit-transaction-requests?api_key=${apiKey}`,
        headers: {
          "Content-Type": "application/json",
          Authorization: `Bearer ${token}`,
          svc_client_application_name: "PARTNERPORTAL",
          "X-Forwarded-For": "203.0.113.10",
        },
        body: JSON.stringify({
          debitTransaction: {
            externalTransactionDate: "2026-01-15T10:00:00.000Z",
            monetaryAmount: { amount: "1", currency: { currencyCode: "POINTS" } },
            description: "BENCH",
            externalTransactionIdentifier: "BENCH[<id>]",
            externalReferenceDescription: "bench",
            externalPartnerIdentifier: "WEB",
            type: "REDEMPTION",
          },
        }),
      })),
  },
  {
    name: "product pricing, one flight in EUR (P9)",
    variants: ({ apiKey }) => [
      {
        method: "POST",
        path: `/api/v2/product-prices?api_key=${apiKey}`,
        headers: { "Content-Type": "application/json" },
        body: pricingBody,
      },
    ],
  },
  {
    name: "retrieve programmes (P1)",
    variants: ({ apiKey }) => [{ method: "GET", path: `/api/v1/programmes?api_key=${apiKey}`, headers: {} }],
  },
];
