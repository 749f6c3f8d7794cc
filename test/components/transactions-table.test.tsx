import { render, screen, within } from "@/test/support/render";
import { describe, expect, it } from "vitest";
import { TransactionsTable } from "@/components/transactions/transactions-table";
import type { TransactionRow } from "@/lib/portal/transaction-rows";
import es from "@/messages/es.json";

const credit: TransactionRow = {
  identifier: "SBXCREDIT0001",
  kind: "credit",
  dateMade: "2026-11-11",
  description: "DEMOSHOP-PURCHASE",
  points: 2000,
  reference: "GS6JXE",
  source: "DEMOSHOP",
};
const debit: TransactionRow = {
  identifier: "SBXOLDDEBIT0001",
  kind: "debit",
  dateMade: "2026-10-12T09:30:00.000Z",
  description: "DEMOSHOP&POINTS",
  points: 125000,
  reference: "R895402727",
};

describe("the transactions table", () => {
  it("names a shop order's movements by product and order, linked, and pairs the return with its debit", () => {
    const order = { id: "0b9c7c1e-0000-4000-8000-000000000001", orderNumber: "NS-2026-000003" };
    const used: TransactionRow = {
      identifier: "SBXSHOP0001",
      kind: "debit",
      dateMade: "2026-11-20",
      description: "Shop#NS2026000003#0b9c7c1e",
      points: 4000,
      reference: "R000000001",
      order: { ...order, productName: "London Heathrow to Madrid, economy", movement: "points_used" },
    };
    const returned: TransactionRow = {
      identifier: "SBXSHOP0002",
      kind: "credit",
      dateMade: "2026-11-20",
      description: "PAYMENT-FAILED",
      points: 4000,
      source: "DEMOSHOP",
      order: {
        ...order,
        productName: "London Heathrow to Madrid, economy",
        movement: "points_returned",
        debitedAt: "2026-11-20T10:00:00.000Z",
      },
    };
    render(<TransactionsTable rows={[returned, used]} page={1} filtered={false} />);
    const [, returnRow, usedRow] = screen.getAllByRole("row");
    const usedText = within(usedRow!).getAllByRole("cell")[1]!;
    expect(usedText.textContent).toBe("London Heathrow to Madrid, economyPoints used for order NS-2026-000003");
    expect(within(usedText).getByRole("link", { name: "order NS-2026-000003" }).getAttribute("href")).toBe(
      `/orders/${order.id}`,
    );
    const returnText = within(returnRow!).getAllByRole("cell")[1]!;
    expect(returnText.textContent).toBe(
      "Points returned: London Heathrow to Madrid, economyReturns the points used for order NS-2026-000003 on 20 Nov 2026",
    );
    const page = document.body.textContent ?? "";
    for (const code of ["Shop#", "PAYMENT-FAILED", "DEMOSHOP", "R000000001"]) expect(page).not.toContain(code);
  });

  it("shows no pager on an empty first page", () => {
    render(<TransactionsTable rows={[]} page={1} filtered={false} />);
    expect(screen.queryByRole("navigation", { name: "Transaction pages" })).toBeNull();
    expect(screen.getByText("No transactions yet")).toBeTruthy();
  });

  it("tells credits from debits by label and sign, not by colour alone", () => {
    render(<TransactionsTable rows={[credit, debit]} page={1} filtered={false} />);
    const [, creditRow, debitRow] = screen.getAllByRole("row");

    const creditCells = within(creditRow!).getAllByRole("cell");
    expect(creditCells[0]!.textContent).toBe("11 Nov 2026");
    expect(creditCells[1]!.textContent).toContain("Points earned at Demo Shop");
    expect(creditCells[1]!.textContent).toContain("Ref. GS6JXE");
    expect(creditCells[1]!.textContent).toContain("From Demo Partner");
    expect(creditCells[2]!.textContent).toBe("+2,000Credit");

    const debitCells = within(debitRow!).getAllByRole("cell");
    expect(debitCells[0]!.textContent).toBe("12 Oct 2026");
    expect(debitCells[0]!.querySelector("time")?.getAttribute("datetime")).toBe("2026-10-12");
    expect(debitCells[1]!.textContent).toContain("Demo Shop purchase, paid in points");
    expect(debitCells[1]!.textContent).toContain("Ref. R895402727");
    expect(debitCells[2]!.textContent).toBe("\u2212125,000Debit");
  });

  it("words the seeded partner codes and sources in the page's language, and keeps a partner's own text", () => {
    const rows: TransactionRow[] = [
      { ...credit, identifier: "A1", description: "HOTEL-STAY" },
      { ...credit, identifier: "A2", description: "FLIGHT-LHR-JFK" },
      { ...debit, identifier: "A3", description: "LOUNGEPASS" },
      { ...credit, identifier: "A4", description: "Goodwill", source: "CUSTCARE", reference: undefined },
      { ...credit, identifier: "A5", description: "Bienvenue chez nous", source: "OTHERCO" },
    ];
    render(<TransactionsTable rows={rows} page={1} filtered={false} />, { locale: "es", messages: es });
    const details = screen
      .getAllByRole("row")
      .slice(1)
      .map((row) => within(row).getAllByRole("cell")[1]!.textContent);
    expect(details[0]).toContain("Estancia en hotel");
    expect(details[0]).toContain("De Demo Partner");
    expect(details[1]).toContain("Vuelo LHR → JFK");
    expect(details[2]).toContain("Pase a la sala VIP");
    expect(details[3]).toBe("Puntos de cortesíaDe Atención al Cliente");
    expect(details[4]).toContain("Bienvenue chez nous");
    expect(details[4]).toContain("OTHERCO");
    const page = document.body.textContent ?? "";
    for (const code of ["HOTEL-STAY", "LOUNGEPASS", "DEMOSHOP", "CUSTCARE", "Goodwill"])
      expect(page).not.toContain(code);
  });

  it("says where the page is among the history's pages", () => {
    const { unmount } = render(
      <TransactionsTable
        rows={[credit]}
        page={1}
        position={{ page: 1, pages: 3, more: false }}
        filtered={false}
        nextHref="/transactions?page=2"
      />,
    );
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    unmount();
    render(
      <TransactionsTable
        rows={[credit]}
        page={2}
        position={{ page: 2, pages: 6, more: true }}
        filtered={false}
        previousHref="/transactions"
        nextHref="/transactions?page=3"
      />,
    );
    expect(screen.getByText("Page 2 of 6 or more")).toBeTruthy();
  });

  it("has a header row and a caption naming the page", () => {
    render(<TransactionsTable rows={[credit]} page={2} filtered={false} previousHref="/transactions" />);
    const table = screen.getByRole("table", { name: "Transactions, page 2, latest first" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((header) => header.textContent),
    ).toEqual(["Date", "Details", "Points"]);
  });

  it("links to the neighbouring pages, and shows the missing one as unavailable", () => {
    render(<TransactionsTable rows={[credit]} page={1} filtered={false} nextHref="/transactions?page=2" />);
    const pages = screen.getByRole("navigation", { name: "Transaction pages" });
    expect(within(pages).getByRole("link", { name: /Next/ }).getAttribute("href")).toBe("/transactions?page=2");
    expect(within(pages).queryByRole("link", { name: /Previous/ })).toBeNull();
    expect(within(pages).getByText("Previous").closest("[aria-disabled]")?.getAttribute("aria-disabled")).toBe("true");
    expect(within(pages).getByText("Page 1")).toBeTruthy();
  });

  it("on the last page links back only", () => {
    render(
      <TransactionsTable
        rows={[debit]}
        page={2}
        filtered={false}
        previousHref="/transactions"
        note="Northstar Club shows your 20 most recent transactions."
      />,
    );
    const pages = screen.getByRole("navigation", { name: "Transaction pages" });
    expect(
      within(pages)
        .getByRole("link", { name: /Previous/ })
        .getAttribute("href"),
    ).toBe("/transactions");
    expect(within(pages).queryByRole("link", { name: /Next/ })).toBeNull();
    expect(screen.getByText("Northstar Club shows your 20 most recent transactions.")).toBeTruthy();
  });

  it("says so when there is nothing yet", () => {
    render(<TransactionsTable rows={[]} page={1} filtered={false} />);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByRole("status").textContent).toContain("No transactions yet");
    expect(within(screen.getByRole("status")).queryByRole("link")).toBeNull();
  });

  it("offers to clear dates when the filter found nothing", () => {
    render(
      <TransactionsTable rows={[]} page={1} filtered emptyAction={{ href: "/transactions", label: "Clear dates" }} />,
    );
    const status = screen.getByRole("status");
    expect(status.textContent).toContain("No transactions in these dates");
    expect(within(status).getByRole("link", { name: "Clear dates" }).getAttribute("href")).toBe("/transactions");
  });

  it("past the end of the history, leads back to the first page", () => {
    render(
      <TransactionsTable
        rows={[]}
        page={3}
        filtered={false}
        previousHref="/transactions?page=2"
        emptyAction={{ href: "/transactions", label: "Back to the first page" }}
      />,
    );
    const status = screen.getByRole("status");
    expect(status.textContent).toContain("No more transactions");
    expect(within(status).getByRole("link", { name: "Back to the first page" })).toBeTruthy();
  });
});
