import { render, screen, within } from "@/test/support/render";
import { describe, expect, it } from "vitest";
import { ProgrammeGlance } from "@/components/staff/programme-glance";
import { earlierDay, glanceDays, outcomeDays, waitingDays, type PointsDay } from "@/lib/portal/staff/programme-glance";
import { lastDays } from "@/lib/portal/staff/staff-dates";

const days = lastDays(new Date("2026-11-29T10:00:00Z"), "Europe/London", glanceDays);
const points: PointsDay[] = days.map((day, index) => ({
  day,
  redeemed: index * 1000,
  credited: index % 7 === 0 ? 500 : 0,
}));
const outcomes = outcomeDays(days, [
  { day: days[29]!, state: "completed", count: 3 },
  { day: days[29]!, state: "cancelled", count: 1 },
  { day: days[29]!, state: "points_returned", count: 2 },
  { day: days[0]!, state: "declined", count: 1 },
  { day: days[0]!, state: "capturing", count: 1 },
]);
const waiting = waitingDays(
  days,
  [
    { day: earlierDay, count: 2 },
    { day: days[28]!, count: 1 },
  ],
  [],
);

function table(name: string) {
  return screen.getByRole("table", { name });
}

describe("the programme at a glance", () => {
  it("gives each chart a table of every day's figures, with totals, that says what the chart draws", () => {
    render(
      <ProgrammeGlance
        days={days}
        timeZone="Europe/London"
        timeZoneReported
        points={points}
        outcomes={outcomes}
        waiting={waiting}
      />,
    );

    const pointsTable = table("Points redeemed and credited per day");
    const rows = within(pointsTable).getAllByRole("row");
    // A header, 30 days and the total.
    expect(rows).toHaveLength(32);
    expect(
      within(rows[1]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["0", "500"]);
    expect(within(rows[30]!).getByRole("rowheader").textContent).toBe("29 Nov 2026");
    expect(
      within(rows[30]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["29,000", "0"]);
    expect(
      within(rows[31]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["435,000", "2,500"]);

    const outcomeRows = within(table("Checkouts per day by outcome")).getAllByRole("row");
    expect(
      within(outcomeRows[0]!)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Day", "Completed", "Card declined", "Cancelled or refunded", "Needs attention", "Still in progress"]);
    expect(
      within(outcomeRows[30]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["3", "0", "3", "0", "0"]);
    expect(
      within(outcomeRows[1]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["0", "1", "0", "0", "1"]);

    const waitingRows = within(
      table("Orders needing attention and pending approvals by the day they began to wait"),
    ).getAllByRole("row");
    expect(within(waitingRows[1]!).getByRole("rowheader").textContent).toBe("Earlier");
    expect(
      within(waitingRows[1]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["2", "0"]);
    expect(
      within(waitingRows[30]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["1", "0"]);
  });

  it("sums each chart in words, with plurals, the span of days and the zone they are counted in", () => {
    render(
      <ProgrammeGlance
        days={days}
        timeZone="Europe/London"
        timeZoneReported
        points={points}
        outcomes={outcomes}
        waiting={waitingDays(days, [{ day: days[3]!, count: 1 }], [])}
        attentionHref="/staff/attention"
      />,
    );
    expect(screen.getByText("435,000 points redeemed in the shop, 2,500 credited as goodwill.")).toBeDefined();
    expect(screen.getByText(/^8 checkouts, 3 completed/)).toBeDefined();
    expect(
      screen.getByText("1 order needs attention and 0 approval requests are pending, by the day each began to wait."),
    ).toBeDefined();
    expect(screen.getByTestId("glance-span").textContent).toContain(
      "31 Oct 2026 to 29 Nov 2026, by day in Europe/London (your browser's time zone)",
    );
    expect(screen.getByRole("link", { name: "Open the orders needing attention" }).getAttribute("href")).toBe(
      "/staff/attention",
    );
  });
});
