import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { CheckoutPanel } from "@/components/checkout/checkout-panel";
import { ChoiceSummary } from "@/components/checkout/choice-summary";
import { testCardsOf } from "@/lib/payments-contract/test-cards";
import { priceChoices } from "@/lib/shop/price-choices";
import sandbox from "@/sandbox.json";
import { requireMemberSession } from "@/server/portal/auth/member-session";
import { getPortalDatabase } from "@/server/portal/db/portal-database";
import { placeOrderAction } from "@/server/portal/orders/place-order-action";
import { paymentsBrowserSettings } from "@/server/portal/payments-service";
import { findValidQuote } from "@/server/portal/shop/quote-store";
import { findShopProduct } from "@/server/portal/shop/shop-products";
import { ButtonLink } from "@/components/ui/button";
import { ErrorPanel } from "@/components/ui/error-panel";
import { textLink } from "@/components/ui/text-link";
import { ClientMessagesProvider } from "@/components/ui/client-messages-provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("checkout"))("title") };
}

interface Props {
  params: Promise<{ productId: string }>;
  searchParams: Promise<{ quote?: string | string[]; option?: string | string[] }>;
}

/**
 * The checkout: the option the member chose on a live quote, both legs named,
 * and the way to pay it. An expired (or another member's) quote is never
 * used: the member is sent to price the product again.
 */
export default async function CheckoutPage({ params, searchParams }: Props) {
  const session = await requireMemberSession();
  const t = await getTranslations("checkout");
  const { productId } = await params;
  const query = await searchParams;
  const db = await getPortalDatabase();
  const listed = await findShopProduct(db, productId, await getLocale());
  if (!listed) notFound();
  const productHref = `/shop/${encodeURIComponent(listed.product.id)}`;

  const quoteId = typeof query.quote === "string" ? query.quote : "";
  const quote = await findValidQuote(db, quoteId, session, new Date());
  const choice =
    quote && quote.productId === listed.product.id
      ? priceChoices(quote.options, { minor: quote.priceMinor, currency: quote.currency }, quote.balance).find(
          (candidate) => candidate.id === query.option && candidate.affordable,
        )
      : undefined;

  if (!quote || !choice) {
    return (
      <ErrorPanel
        tone="warning"
        headingLevel={1}
        title={t("priceGone")}
        action={
          <ButtonLink href={productHref} variant="primary">
            {t("todaysPrice")}
          </ButtonLink>
        }
      >
        <p>{t("priceExpired", { product: listed.text.name })}</p>
      </ErrorPanel>
    );
  }

  const payments = paymentsBrowserSettings();
  // The sandbox's processor takes only its test cards: they are listed beside the form.
  const sandboxCards = payments.publishableKey.startsWith("pk_sandbox_") ? testCardsOf(sandbox) : undefined;

  return (
    <ClientMessagesProvider namespaces={["checkout", "testCards", "header", "forms", "formMessages"]}>
      <p className="mb-2 text-sm">
        {/* Back to the product with the split chosen, so the slider starts where the member left it. */}
        <IntentLink href={`${productHref}?points=${choice.points}`} className={textLink}>
          {t("changeHowIPay")}
        </IntentLink>
      </p>
      <h1 className="mb-4 text-2xl font-bold tracking-tight">{t("title")}</h1>
      <div className="grid gap-6 md:grid-cols-2">
        {/* min-w-0: a grid item is otherwise as wide as its widest word or table, wider than a phone. */}
        <div className="min-w-0 space-y-6">
          <ChoiceSummary
            productName={listed.text.name}
            points={choice.points}
            cashMinor={choice.cashMinor}
            currency={choice.currency}
            heldUntil={quote.expiresAt.toISOString()}
          />
        </div>
        <section aria-labelledby="payment-heading" className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="payment-heading" className="mb-4 text-lg font-semibold">
            {choice.cashMinor > 0 ? t("card.label") : t("payWithPoints")}
          </h2>
          <CheckoutPanel
            quoteId={quote.id}
            optionId={choice.id}
            checkoutKey={crypto.randomUUID()}
            points={choice.points}
            cashMinor={choice.cashMinor}
            currency={choice.currency}
            payments={payments}
            productHref={productHref}
            placeOrder={placeOrderAction}
            sandboxCards={sandboxCards}
          />
        </section>
      </div>
    </ClientMessagesProvider>
  );
}
