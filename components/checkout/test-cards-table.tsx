import sandbox from "@/sandbox.json";

const whatHappens: Record<string, string> = {
  APPROVED: "The payment is taken.",
  DECLINED: "The card is declined.",
  DECLINED_INSUFFICIENT_FUNDS: "The card is declined: insufficient funds.",
  PROCESSING_ERROR: "The processor fails; nothing is taken.",
  TIMEOUT_UNKNOWN_OUTCOME: "The payment is taken but the answer comes too late; the shop settles the order afterwards.",
};

/** "4242424242424242" → "4242 4242 4242 4242", as printed on cards. */
function grouped(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The sandbox's test cards (sandbox.json `paymentTestCards`) and what each does, shown beside the card form. */
export function TestCardsTable() {
  return (
    <section aria-labelledby="test-cards-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="test-cards-heading" className="text-base font-semibold text-slate-900">
        Sandbox test cards
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        No real card is accepted. Use one of these with any future expiry date, any 3-digit security code and any name.
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-amber-300">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Card number
              </th>
              <th scope="col" className="py-2 font-semibold">
                What happens
              </th>
            </tr>
          </thead>
          <tbody>
            {sandbox.paymentTestCards.map((card) => (
              <tr key={card.number} className="border-b border-amber-200 last:border-0">
                <td className="py-2 pr-3 align-top font-mono whitespace-nowrap">{grouped(card.number)}</td>
                <td className="py-2 align-top">{whatHappens[card.outcome] ?? card.outcome}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
