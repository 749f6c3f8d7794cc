import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@/test/support/render";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BalanceBadge, balanceQueryKey } from "@/components/portal/balance-badge";

function renderBadge(initialBalance: number | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <p>
        Northstar Club
        <BalanceBadge initialBalance={initialBalance} />
      </p>
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the header's balance", () => {
  it("shows the server's balance with grouped digits at once", () => {
    vi.stubGlobal("fetch", vi.fn());
    renderBadge(250_000);
    expect(screen.getByText("250,000")).toBeTruthy();
  });

  it("shows the balance the portal reports after a refresh", async () => {
    const fetchBalance = vi.fn(async () => Response.json({ amount: 247_500 }));
    vi.stubGlobal("fetch", fetchBalance);
    const client = renderBadge(250_000);
    await client.invalidateQueries({ queryKey: balanceQueryKey });
    expect(await screen.findByText("247,500")).toBeTruthy();
    expect(fetchBalance).toHaveBeenCalledWith("/member/balance", expect.objectContaining({ cache: "no-store" }));
  });

  it("keeps the last known balance when a refresh fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    const client = renderBadge(250_000);
    await client.invalidateQueries({ queryKey: balanceQueryKey });
    await waitFor(() => expect(client.getQueryState(balanceQueryKey)?.status).toBe("error"));
    expect(screen.getByText("250,000")).toBeTruthy();
  });

  it("shows nothing when the balance is unknown", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 503 })),
    );
    const client = renderBadge(undefined);
    // Absent once the query has settled (its refresh failed), not merely before it ran.
    await waitFor(() => expect(client.getQueryState(balanceQueryKey)?.status).toBe("error"));
    expect(screen.queryByText(/points/)).toBeNull();
  });
});
