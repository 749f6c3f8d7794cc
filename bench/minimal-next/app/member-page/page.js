import { headers } from "next/headers";

// The member pages' reference point (`npm run bench`): a minimal Next.js page making the same loopback calls to
// the same service operations as the portal's page it stands beside (`?calls=`, measured from the portal by the
// bench), with the member's token, side by side, then a small page of what they answered. No session, no
// translations, no layout of the portal's: what Next.js and the service cost on their own.
const service = process.env.BENCH_SERVICE_ORIGIN;
const apiKey = process.env.BENCH_API_KEY;
const applicationName = "PARTNERPORTAL";
const departure = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);

function pricingBody(membershipNumber) {
  return JSON.stringify({
    priceSearchCriteria: {
      priceType: "STATIC_DISCOUNT",
      priceSource: "CACHED",
      membership: { membershipNumber },
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
}

/** Each operation as the portal's client sends it (lib/loyalty-client), named as the bench counts them. */
const operations = {
  "retrieve-account": (member) => ({ path: `/api/v2/programmes/NORTHSTAR/accounts/${member}` }),
  "retrieve-membership": (member) => ({ path: `/api/v3/memberships/${member}` }),
  "retrieve-transactions": () => ({
    path: "/api/v1/programmes/NORTHSTAR/accounts/transactions?start-record=1&end-record=21",
    headers: { svc_client_applicationName: applicationName },
  }),
  "retrieve-product-prices": (member) => ({
    path: "/api/v2/product-prices",
    method: "POST",
    body: pricingBody(member),
  }),
};

async function call(operation, member, token) {
  const request = operations[operation]?.(member);
  if (!request) return { operation, status: 0 };
  const url = `${service}${request.path}${request.path.includes("?") ? "&" : "?"}api_key=${apiKey}`;
  const response = await fetch(url, {
    method: request.method ?? "GET",
    headers: {
      Accept: "application/json",
      Authorization: `Bearer ${token}`,
      ...(request.body ? { "Content-Type": "application/json" } : {}),
      ...request.headers,
    },
    body: request.body,
    cache: "no-store",
  });
  const answer = await response.json().catch(() => undefined);
  return { operation, status: response.status, fields: answer ? Object.keys(answer).length : 0 };
}

export default async function MemberPage({ searchParams }) {
  const incoming = await headers();
  const member = incoming.get("x-bench-member") ?? "";
  const token = incoming.get("x-bench-token") ?? "";
  const { calls = "" } = await searchParams;
  const answers = await Promise.all(
    String(calls)
      .split(",")
      .filter(Boolean)
      .map((operation) => call(operation, member, token)),
  );
  return (
    <main>
      <h1>Member {member}</h1>
      <ul>
        {answers.map((answer, index) => (
          <li key={index}>
            {answer.operation}: {answer.status} ({answer.fields} fields)
          </li>
        ))}
      </ul>
    </main>
  );
}
