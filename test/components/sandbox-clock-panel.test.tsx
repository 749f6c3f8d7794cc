import { render, screen } from "@/test/support/render";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ConsoleFormAction } from "@/components/developers/console-answer";
import { aheadOf, SandboxClockPanel } from "@/components/developers/sandbox-clock-panel";

const hour = 3_600_000;

describe("the console's sandbox clock", () => {
  it("says how far ahead in its two largest units", () => {
    expect(aheadOf(0)).toBe("less than a minute");
    expect(aheadOf(25 * hour)).toBe("1 day 1 hour");
    expect(aheadOf(2 * 24 * hour + 30 * 60_000)).toBe("2 days 30 minutes");
    expect(aheadOf(90 * 60_000)).toBe("1 hour 30 minutes");
  });

  it("shows a moved clock's time and moves it with the amount and unit chosen; the refusal points at the field", async () => {
    const advance = vi
      .fn<ConsoleFormAction>()
      .mockResolvedValueOnce({ ok: true, data: { message: "Moved forward 3 days." } })
      .mockResolvedValueOnce({
        ok: false,
        code: "invalid",
        message: "Enter a whole number of minutes, hours or days.",
      });
    const reset = vi.fn<ConsoleFormAction>();
    const user = userEvent.setup();
    render(
      <SandboxClockPanel
        clock={{ sandboxTime: "2026-03-02T10:00:00.000Z", offsetMs: 25 * hour, movable: true }}
        advance={advance}
        backToRealTime={reset}
      />,
    );
    expect(screen.getByText("2 Mar 2026, 10:00:00 UTC")).toBeTruthy();
    expect(screen.getByText("1 day 1 hour ahead of real time.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Back to real time" })).toBeTruthy();
    await user.clear(screen.getByLabelText("Move forward by"));
    await user.type(screen.getByLabelText("Move forward by"), "3");
    await user.selectOptions(screen.getByLabelText("Unit"), "days");
    await user.click(screen.getByRole("button", { name: "Move forward" }));
    expect(await screen.findByText("Moved forward 3 days.")).toBeTruthy();
    const sent = advance.mock.calls[0]![1];
    expect([sent.get("amount"), sent.get("unit")]).toEqual(["3", "days"]);
    await user.click(screen.getByRole("button", { name: "Move forward" }));
    const alert = await screen.findByRole("alert");
    expect(screen.getByLabelText("Move forward by").getAttribute("aria-describedby")).toContain(alert.id);
  });

  it("offers neither the form nor the way back on real time or on the Demo Partner's clock", () => {
    const { unmount } = render(
      <SandboxClockPanel
        clock={{ sandboxTime: "2026-03-01T09:00:00.000Z", offsetMs: 0, movable: true }}
        advance={vi.fn<ConsoleFormAction>()}
        backToRealTime={vi.fn<ConsoleFormAction>()}
      />,
    );
    expect(screen.getByText("Real time.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Back to real time" })).toBeNull();
    unmount();
    render(<SandboxClockPanel clock={{ sandboxTime: "2026-03-01T09:00:00.000Z", offsetMs: 0, movable: false }} />);
    expect(screen.getByText(/keeps real time/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Move forward" })).toBeNull();
  });
});
