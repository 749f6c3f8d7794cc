import sandbox from "@/sandbox.json";

/**
 * The guided demo on the home page: three paths through the sandbox, each
 * step one link away, with what to type (sandbox.json's public test values)
 * and what to look at. Kept as data so a page that moves is changed here once.
 */
export interface DemoStep {
  title: string;
  href: string;
  /** The link's words: where the click goes. */
  action: string;
  /** What to do once there, in words. */
  todo?: string;
  /** Values to type, as label and value (exactly as typed). */
  type?: { label: string; value: string }[];
  /** What the step shows, in words: no spec code, header or status here. */
  lookAt: string;
  /** Then, for whoever wants them, the spec's codes and headers behind it (`P5 debit`, `X-Agent-Id`). */
  inTheSpec?: string;
  /** A further link of the same step (e.g. the history that shows its result). */
  also?: { href: string; label: string }[];
}

export interface DemoPath {
  id: "member" | "staff" | "developer";
  title: string;
  who: string;
  steps: DemoStep[];
}

const password = sandbox.password;
const shopper = sandbox.members.find((member) => member.username === "demo.shopper")!;
const agent = sandbox.staff.find((staff) => staff.role === "AGENT")!;
const admin = sandbox.staff.find((staff) => staff.role === "ADMIN")!;
const cards = Object.fromEntries(sandbox.paymentTestCards.map((card) => [card.outcome, card.number]));

/** "4242424242424242" → "4242 4242 4242 4242", as printed on cards. */
export function groupedCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, "$1 ");
}

export const flightPath = "/shop/FLIGHT-LHR-MAD";

export const demoPaths: DemoPath[] = [
  {
    id: "member",
    title: "Shop as a member",
    who: `Casey Shopper (${shopper.username}) has ${shopper.balance.toLocaleString("en-GB")} points to spend on a flight.`,
    steps: [
      {
        title: "Sign in as the shopper",
        href: `/login?callbackUrl=${encodeURIComponent(flightPath)}`,
        action: "Sign in to the shop",
        todo: "Choose Northstar Club, then log in on the programme's page.",
        type: [
          { label: "Username", value: shopper.username! },
          { label: "Password", value: password },
        ],
        lookAt:
          "You log in on the programme's own page, not the shop's: the shop gets a code and exchanges it for the member's token, never the password.",
      },
      {
        title: "Redeem a flight with points and card",
        href: flightPath,
        action: "London Heathrow to Madrid",
        todo: "Move the price slider to a split with points (it starts at a suggested one), continue to payment and pay by card (any future expiry, any 3-digit code, any name).",
        type: [
          { label: "Card", value: groupedCardNumber(cards.APPROVED!) },
          { label: "Expiry", value: "12/30" },
          { label: "Security code", value: "123" },
        ],
        lookAt:
          "The slider's stops come from the programme's own pricing, adjusted to your balance; paying holds the cash on the card first, then takes the points, then captures the cash.",
        inTheSpec: "P9 product pricing, then P5 debit.",
      },
      {
        title: "Try a declined card: no point moves",
        href: flightPath,
        action: "Redeem the flight again",
        todo: "Keep a split with points and pay with the card that is declined, then with the approved one.",
        type: [{ label: "Card", value: groupedCardNumber(cards.DECLINED!) }],
        lookAt:
          "The card is authorised before any point moves: the checkout says it was declined, keeps your option, and your balance and history do not change until another card pays.",
      },
      {
        title: "Watch a failed payment give the points back",
        href: flightPath,
        action: "Redeem the flight again",
        todo: "Keep a split with points and pay with the card whose payment cannot be taken.",
        type: [{ label: "Card", value: groupedCardNumber(cards.CAPTURE_FAILS!) }],
        lookAt:
          "The card is accepted and the points taken, then taking the payment fails: the shop releases the card and gives the points back. The order says the points were returned, and your history shows both, named by product and order.",
        inTheSpec: "P5 debit, then P6 reversal of that debit.",
        also: [
          { href: "/orders", label: "Your orders" },
          { href: "/transactions", label: "Your points history" },
        ],
      },
    ],
  },
  {
    id: "staff",
    title: "Help a member as partner staff",
    who: "A call-centre agent of the partner looks a member up and acts for them; an administrator reads what staff did.",
    steps: [
      {
        title: "Sign in to the staff console",
        href: "/staff/login",
        action: "Staff sign-in",
        type: [
          { label: "Username", value: agent.username },
          { label: "Password", value: agent.password },
        ],
        lookAt: "Staff have their own accounts and roles (agent, admin), apart from the members' logins.",
      },
      {
        title: "Find the member by membership number",
        href: "/staff",
        action: "Find a member",
        todo: "Search for Casey Shopper's membership number and open the member.",
        type: [{ label: "Membership number", value: shopper.membershipNumber }],
        lookAt:
          "The console reads the account with the partner's own credentials and says which agent is asking, without the member's password.",
        inTheSpec: "P2 with a client-credentials token and the X-Agent-Id header.",
      },
      {
        title: "Edit the member's profile, as the agent",
        href: `/staff/members/${shopper.membershipNumber}/edit`,
        action: "Edit Casey Shopper's profile",
        todo: "Reveal the contact details, change the email address, review the change and save it with a reason.",
        lookAt:
          "The review shows the value the service will store (in capitals, without accents) before anything is sent; the agent's reason goes to the audit trail.",
      },
      {
        title: "See the audit trail, as an administrator",
        href: "/staff/login",
        action: "Sign in as the administrator",
        todo: "Log out of the agent's session, sign in as the administrator, then open the audit trail.",
        type: [
          { label: "Username", value: admin.username },
          { label: "Password", value: admin.password },
        ],
        lookAt:
          "Agents may not open the trail; administrators read every staff action there (who, in which role, what, for which member, why, and when) and export it.",
        also: [{ href: "/staff/audit", label: "Audit trail" }],
      },
    ],
  },
  {
    id: "developer",
    title: "Build against the API",
    who: "A partner's developer tries the operations and reads what the service saw.",
    steps: [
      {
        title: "Call an operation from the reference",
        href: "/docs",
        action: "API reference",
        todo: "Open “List programmes”, open “Try it” and press “Send request”; the sandbox's key is already filled in.",
        type: [{ label: "api_key", value: sandbox.partners[0]!.apiKeys.staging }],
        lookAt: "The programmes come back from this sandbox, with a reference for the request: keep it for step 3.",
        inTheSpec: "P1; the reference is the X-Request-Id header.",
      },
      {
        title: "Follow the quickstart",
        href: "/docs/guides/quickstart",
        action: "Quickstart",
        lookAt:
          "Log a member in, get the member's token, read the balance, then take points and give them back: commands you can paste.",
        inTheSpec: "A1 login, A2 token, P2 account, P5 debit, P6 reversal.",
      },
      {
        title: "Find your request in the log",
        href: "/developers/login",
        action: "Developer console",
        todo: "Sign in as the Demo Partner's developer, open “Requests” and paste the reference into the “Request id” box.",
        type: [
          { label: "Email", value: sandbox.developers[0]!.email },
          { label: "Password", value: sandbox.developers[0]!.password },
        ],
        lookAt:
          "Every request made with the sandbox's key is there for 7 days, with its outcome and its bodies (secrets hidden); the reference from step 1 finds it.",
        inTheSpec: "The request log, searched by X-Request-Id.",
      },
      {
        title: "Get a sandbox of your own",
        href: "/developers/signup",
        action: "Sign up",
        lookAt:
          "Your own keys and clients, your own copies of the sandbox members, a private request log, a reset button, any documented error on demand, and a go-live checklist that ticks itself as your code works.",
        inTheSpec: "Errors on demand with the X-Sandbox-Scenario header.",
      },
    ],
  },
];
