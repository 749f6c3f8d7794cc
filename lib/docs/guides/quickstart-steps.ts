import {
  members,
  sandboxApiKey,
  sandboxClient,
  sandboxPassword,
  svcClientApplicationName,
} from "@/lib/docs/sandbox-values";
import { shellQuote } from "@/lib/docs/curl";

export interface QuickstartStep {
  id: string;
  title: string;
  explanation: string;
  /** Bash; later steps use the variables earlier ones set. */
  command: string;
}

/** Whose sandbox the quickstart runs against: the public Demo Partner's, or a developer's own (console). */
export interface QuickstartValues {
  apiKey: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  member: { membershipNumber: string; username: string };
  /** Said in the first step: where the values come from. */
  source: string;
}

export const publicQuickstartValues: QuickstartValues = {
  apiKey: sandboxApiKey,
  clientId: sandboxClient.clientId,
  clientSecret: sandboxClient.password,
  redirectUri: sandboxClient.redirectUris[0]!,
  member: { membershipNumber: members.rich.membershipNumber, username: members.rich.username! },
  source: "These are the sandbox's public values.",
};

/**
 * The quickstart as commands: shown on /docs/guides/quickstart and run as
 * one bash script by test/http/quickstart.test.ts, so what a partner copies
 * works; the developer console shows it with the developer's own values.
 */
export function quickstartSteps(origin: string, values: QuickstartValues = publicQuickstartValues): QuickstartStep[] {
  const member = values.member;
  const redirectUri = values.redirectUri;
  const sandboxClient = { clientId: values.clientId, password: values.clientSecret };
  const sandboxApiKey = values.apiKey;
  const accountPath = `/api/v1/programmes/NORTHSTAR/accounts/${member.membershipNumber}`;
  const debitBody = JSON.stringify({
    debitTransaction: {
      externalTransactionDate: "2026-11-20T10:00:00.0+00:00",
      monetaryAmount: { amount: "1000", currency: { currencyCode: "POINTS" } },
      description: "QUICKSTART",
      externalTransactionIdentifier: "QUICKSTART-0001",
      externalReferenceDescription: "Quickstart debit",
      externalPartnerIdentifier: "WEB",
      type: "REDEMPTION",
    },
  });
  return [
    {
      id: "setup",
      title: "Set the sandbox's address and key",
      explanation: `Every partner operation takes the api_key in the query. ${values.source}`,
      command: `BASE=${shellQuote(origin)}\nAPI_KEY=${shellQuote(sandboxApiKey)}`,
    },
    {
      id: "first-call",
      title: "First call: list the programmes",
      explanation: "P1 needs nothing but the api_key.",
      command: `curl -sS "$BASE/api/v1/programmes?api_key=$API_KEY"`,
    },
    {
      id: "pkce",
      title: "Make a PKCE pair",
      explanation:
        "The login carries the S256 challenge; the code exchange proves it with the verifier, so a stolen code is useless.",
      command: [
        "VERIFIER=$(openssl rand -hex 32)",
        "CHALLENGE=$(printf '%s' \"$VERIFIER\" | openssl dgst -sha256 -binary | openssl base64 -A | tr '+/' '-_' | tr -d '=')",
      ].join("\n"),
    },
    {
      id: "login",
      title: `Log ${member.username} in`,
      explanation: `A real integration sends the member's browser to this login page and gets the code back on its redirect URI. Here curl fills in the form (CSRF field and cookie included) as ${member.username}, password ${sandboxPassword}, asking for the scopes read and reverse_transaction, and reads the code from the redirect. The code is valid 2 minutes, once.`,
      command: [
        `LOGIN="$BASE/oauth/auth/login?client_id=${sandboxClient.clientId}&response_type=code&redirect_uri=${encodeURIComponent(redirectUri)}&scope=read%20reverse_transaction&state=quickstart&code_challenge=$CHALLENGE&code_challenge_method=S256"`,
        `CSRF=$(curl -sS -c cookies.txt "$LOGIN" | sed -n 's/.*name="csrf" value="\\([^"]*\\)".*/\\1/p')`,
        `CODE=$(curl -sS -b cookies.txt -o /dev/null -w '%{redirect_url}' --data-urlencode "csrf=$CSRF" --data-urlencode ${shellQuote(`username=${member.username}`)} --data-urlencode ${shellQuote(`password=${sandboxPassword}`)} "$LOGIN" | sed -n 's/.*[?&]code=\\([^&]*\\).*/\\1/p')`,
        `echo "code: $CODE"`,
      ].join("\n"),
    },
    {
      id: "token",
      title: "Exchange the code for the member's token",
      explanation: `The grant service (A2) authenticates the partner with Basic credentials (client ${sandboxClient.clientId}) and checks the verifier.`,
      command: [
        `TOKENS=$(curl -sS -u ${shellQuote(`${sandboxClient.clientId}:${sandboxClient.password}`)} -d grant_type=authorization_code -d "code=$CODE" --data-urlencode ${shellQuote(`redirect_uri=${redirectUri}`)} -d "code_verifier=$VERIFIER" "$BASE/oauth/api/grant")`,
        `MEMBER_TOKEN=$(printf '%s' "$TOKENS" | sed -n 's/.*"access_token":"\\([^"]*\\)".*/\\1/p')`,
        `echo "$TOKENS"`,
      ].join("\n"),
    },
    {
      id: "balance",
      title: "Read the balance",
      explanation: "P2 with the member's token: only this member's own account is reachable with it.",
      command: `curl -sS -H "Authorization: Bearer $MEMBER_TOKEN" "$BASE/api/v2/programmes/NORTHSTAR/accounts/${member.membershipNumber}?fields=Balance&api_key=$API_KEY"`,
    },
    {
      id: "debit",
      title: "Debit 1000 points",
      explanation:
        "P5. Keep the debit's identifier: the reversal names it. The Idempotency-Key makes the request safe to send again: a retry answers the same debit and moves nothing twice (so does running this quickstart again).",
      command: [
        `DEBIT=$(curl -sS -X POST "$BASE${accountPath}/debit-transaction-requests?api_key=$API_KEY" -H "Authorization: Bearer $MEMBER_TOKEN" -H 'Content-Type: application/json' -H ${shellQuote(`svc_client_application_name: ${svcClientApplicationName}`)} -H 'Idempotency-Key: quickstart-0001-debit' --data ${shellQuote(debitBody)})`,
        `DEBIT_ID=$(printf '%s' "$DEBIT" | sed -n 's/.*"identifier":"\\([^"]*\\)".*/\\1/p')`,
        `echo "$DEBIT"`,
      ].join("\n"),
    },
    {
      id: "reversal",
      title: "Reverse the debit",
      explanation:
        "P6, when the cash part of the purchase fails: the whole debit comes back, once, within 24 hours. The token carries the scope reverse_transaction asked for at login.",
      command: [
        `curl -sS -X POST "$BASE${accountPath}/reverse-transaction-requests?api_key=$API_KEY" -H "Authorization: Bearer $MEMBER_TOKEN" -H 'Content-Type: application/json' -H 'Idempotency-Key: quickstart-0001-reversal' --data "{\\"reversalTransaction\\":{\\"externalTransactionIdentifier\\":\\"QUICKSTART-0001-REV\\",\\"description\\":\\"CARD-DECLINED\\",\\"type\\":\\"CANCELLATION\\",\\"reversedTransaction\\":{\\"identifier\\":\\"$DEBIT_ID\\"}}}"`,
      ].join("\n"),
    },
  ];
}
