/** A P9 body pricing one flight (LHR to JFK, 150.00 GBP) departing at `departure`, to the second as the spec writes it. */
export function flightPricingBody(departure: Date) {
  return {
    priceSearchCriteria: {
      priceType: "STATIC_DISCOUNT",
      priceSource: "CACHED",
      product: {
        flight: {
          segment: [
            {
              leg: [
                {
                  schedule: {
                    departureDateRange: { startDateTime: departure.toISOString().replace(/\.\d+Z$/, ".0Z") },
                    departureLocation: { id: "LHR", type: "AIRPORT" },
                    arrivalLocation: { id: "JFK", type: "AIRPORT" },
                  },
                  marketingCarrier: { flightNumber: "117", iatacode: { code: "NS" } },
                  operatingCarrier: { flightNumber: "117", iatacode: { code: "NS" } },
                },
              ],
            },
          ],
          price: { monetaryAmount: { amount: 150, currency: { code: "GBP" } } },
        },
      },
    },
  };
}
