import type { Metadata } from "next";
import { DataTable } from "@/components/docs/data-table";
import { Code, GuidePage, GuideSection } from "@/components/docs/guide-page";
import sandbox from "@/sandbox.json";

export const metadata: Metadata = { title: "Sandbox data" };

const partnerWithClients = sandbox.partners.find((partner) => partner.oauthClient)!;

function price(amount: string, currency: string) {
  return `${amount} ${currency}`;
}

/** Rendered from sandbox.json, the seed the sandbox starts from: a public contract that only grows. */
export default function SandboxDataPage() {
  const shop = sandbox.demoShop.products;
  return (
    <GuidePage
      title="Sandbox data"
      lead={
        <>
          Everything the sandbox is seeded with, read from <Code>sandbox.json</Code>. These values are public test data;{" "}
          <Code>npm run db:reset</Code> restores them. Every member&apos;s password is <Code>{sandbox.password}</Code>.
        </>
      }
    >
      <GuideSection id="members" title="Members">
        <p>Each member exists for a reason: pick the one whose situation you want to test.</p>
        <DataTable
          caption="Sandbox members"
          layout="cards"
          proseColumns={[7]}
          headers={["Membership", "Username", "Programme", "Status", "Type", "Balance", "Country", "What it is for"]}
          rows={sandbox.members.map((member) => [
            <Code key="number">{member.membershipNumber}</Code>,
            member.username ? <Code key="username">{member.username}</Code> : "not registered",
            member.programme,
            member.status,
            member.accountType,
            member.balance.toLocaleString("en-GB"),
            member.country,
            member.notes,
          ])}
        />
      </GuideSection>
      <GuideSection id="keys" title="Partners and api_keys">
        <DataTable
          caption="Sandbox partners"
          layout="cards"
          headers={["Partner", "Status", "Staging key", "Live key", "Programmes"]}
          rows={sandbox.partners.map((partner) => [
            partner.name,
            partner.status,
            <Code key="staging">{partner.apiKeys.staging}</Code>,
            "live" in partner.apiKeys ? <Code key="live">{partner.apiKeys.live}</Code> : "none",
            partner.programmes.length > 0 ? partner.programmes.join(", ") : "none",
          ])}
        />
      </GuideSection>
      <GuideSection id="clients" title="OAuth clients">
        <p>
          The primary programme ({sandbox.programmes[0]!.identifier}) logs members in through{" "}
          <Code>/oauth/auth/login</Code> and the grant service; the further programmes through{" "}
          <Code>/partner-oauth/secure/code</Code> and <Code>/partner-oauth/secure/key</Code>.
        </p>
        <DataTable
          caption="OAuth clients"
          layout="cards"
          headers={["Used for", "Client identifier", "Secret", "Other values", "Redirect URIs"]}
          rows={[
            [
              "Grant service (A2)",
              <Code key="id">{partnerWithClients.oauthClient!.clientId}</Code>,
              <Code key="secret">{partnerWithClients.oauthClient!.password}</Code>,
              "",
              partnerWithClients.oauthClient!.redirectUris.map((uri) => <Code key={uri}>{uri}</Code>),
            ],
            [
              "Secure code and key (A3, A4)",
              <Code key="id">{partnerWithClients.furtherProgrammes!.clientId}</Code>,
              <Code key="secret">{partnerWithClients.furtherProgrammes!.partnerSecret}</Code>,
              <>
                business-context-identifier{" "}
                <Code>{partnerWithClients.furtherProgrammes!.businessContextIdentifier}</Code>
              </>,
              Object.entries(partnerWithClients.furtherProgrammes!.redirectUris).map(([programme, uri]) => (
                <span key={programme} className="block">
                  {programme}: <Code>{uri}</Code>
                </span>
              )),
            ],
          ]}
        />
        <p>
          Partner operations that check the application name take <Code>{sandbox.svcClientApplicationName}</Code>.
          Reversals are accepted within {sandbox.reversalWindowHours} hours; authorisation codes live{" "}
          {sandbox.authorisationCodeSeconds} seconds.
        </p>
      </GuideSection>
      <GuideSection id="programmes" title="Programmes">
        <DataTable
          caption="Programmes"
          layout="cards"
          headers={["Code", "Name", "Role", "Countries", "Partner"]}
          rows={sandbox.programmes.map((programme) => [
            <Code key="id">{programme.identifier}</Code>,
            programme.name,
            programme.role,
            programme.countries.join(", "),
            programme.partner ? programme.partner.organisationName : "none",
          ])}
        />
      </GuideSection>
      <GuideSection id="staff" title="Staff of the partner portal">
        <DataTable
          caption="Staff accounts"
          headers={["Username", "Password", "Role"]}
          rows={sandbox.staff.map((staff) => [
            <Code key="user">{staff.username}</Code>,
            <Code key="password">{staff.password}</Code>,
            staff.role,
          ])}
        />
      </GuideSection>
      <GuideSection id="cards" title="Test cards">
        <p>The payments sandbox decides a card payment&apos;s outcome by its number.</p>
        <DataTable
          layout="cards"
          caption="Test cards"
          proseColumns={[2]}
          headers={["Number", "Outcome", "Notes"]}
          rows={sandbox.paymentTestCards.map((card) => [
            <Code key="number">{card.number}</Code>,
            card.outcome,
            "notes" in card ? card.notes : "",
          ])}
        />
      </GuideSection>
      <GuideSection id="shop" title="The demo shop">
        <p>{sandbox.demoShop.about}</p>
        <DataTable
          caption="Demo shop products"
          layout="cards"
          proseColumns={[2]}
          headers={["Product", "Kind", "Name", "Cash price"]}
          rows={shop.map((product) => [
            <Code key="id">{product.id}</Code>,
            product.kind,
            product.name,
            "price" in product && product.price
              ? price(product.price.amount, product.price.currency)
              : "components" in product && product.components
                ? product.components.map((part) => price(part.price.amount, part.price.currency)).join(" + ")
                : "",
          ])}
        />
      </GuideSection>
    </GuidePage>
  );
}
