/** The clock's answer header, as the guide and the checklist name it (the service's own constant lives with the clock). */
export const sandboxTimeHeaderName = "X-Sandbox-Time";

/**
 * The "Testing time" guide's examples, with the origin the page is served from: a debit, the clock moved 25 hours
 * in the console, then the reversal the window refuses, in curl and in TypeScript.
 */
export function testingTimeExamples(origin: string) {
  const account = `/api/v1/programmes/NORTHSTAR/accounts/$MEMBERSHIP_NUMBER`;
  const curlDebit = [
    `DEBIT=$(curl -sS -X POST "${origin}${account}/debit-transaction-requests?api_key=$API_KEY" \\`,
    `  -H "Authorization: Bearer $MEMBER_TOKEN" -H 'Content-Type: application/json' \\`,
    `  -H 'svc_client_application_name: PARTNERPORTAL' -H 'Idempotency-Key: time-test-debit-0001' \\`,
    `  --data '{"debitTransaction":{"externalTransactionDate":"2026-11-20T10:00:00.0+00:00","monetaryAmount":{"amount":"1000","currency":{"currencyCode":"POINTS"}},"description":"TIME TEST","externalTransactionIdentifier":"TIME-TEST-0001","externalReferenceDescription":"Time test","externalPartnerIdentifier":"WEB","type":"REDEMPTION"}}')`,
    `DEBIT_ID=$(printf '%s' "$DEBIT" | sed -n 's/.*"identifier":"\\([^"]*\\)".*/\\1/p')`,
  ].join("\n");
  const curlReverse = [
    `# After moving your sandbox's clock 25 hours forward in the console (Settings, Sandbox clock):`,
    `curl -sS -D - -o reversal.json -X POST "${origin}${account}/reverse-transaction-requests?api_key=$API_KEY" \\`,
    `  -H "Authorization: Bearer $MEMBER_TOKEN" -H 'Content-Type: application/json' \\`,
    `  -H 'Idempotency-Key: time-test-reversal-0001' \\`,
    `  --data "{\\"reversalTransaction\\":{\\"externalTransactionIdentifier\\":\\"TIME-TEST-0001-REV\\",\\"description\\":\\"LATE\\",\\"type\\":\\"CANCELLATION\\",\\"reversedTransaction\\":{\\"identifier\\":\\"$DEBIT_ID\\"}}}" \\`,
    `  | grep -i '^${sandboxTimeHeaderName.toLowerCase()}:'`,
    `cat reversal.json   # REQUEST_INVALID with REVERSAL_NO_LONGER_PERMITTED`,
  ].join("\n");
  const typescript = `const base = "${origin}";

/** The sandbox's time an answer was made at: the moved clock's, or the real time when the header is absent. */
function answeredAt(response: Response): Date {
  const header = response.headers.get("${sandboxTimeHeaderName}");
  return header ? new Date(header) : new Date();
}

async function reverseLateDebit(apiKey: string, memberToken: string, membershipNumber: string, debitId: string) {
  const response = await fetch(
    \`\${base}/api/v1/programmes/NORTHSTAR/accounts/\${membershipNumber}/reverse-transaction-requests?api_key=\${apiKey}\`,
    {
      method: "POST",
      headers: {
        Authorization: \`Bearer \${memberToken}\`,
        "Content-Type": "application/json",
        "Idempotency-Key": \`reverse-\${debitId}\`,
      },
      body: JSON.stringify({
        reversalTransaction: {
          externalTransactionIdentifier: \`\${debitId}-REV\`,
          description: "LATE",
          type: "CANCELLATION",
          reversedTransaction: { identifier: debitId },
        },
      }),
    },
  );
  const body = await response.json();
  const codes = [body.error?.code ?? body.code, ...(body.error?.childError ?? body.childError ?? []).map((c: { code: string }) => c.code)];
  if (codes.includes("REVERSAL_NO_LONGER_PERMITTED")) {
    // Past the 24-hour window: refund the member another way (a goodwill credit), never retry the reversal.
    console.log("reversal refused at", answeredAt(response).toISOString());
    return { reversed: false as const };
  }
  if (!response.ok) throw new Error(\`reversal failed: \${response.status}\`);
  return { reversed: true as const, body };
}`;
  return { curlDebit, curlReverse, typescript };
}
