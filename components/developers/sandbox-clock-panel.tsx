"use client";

import { useActionState, useEffect, useState } from "react";
import { TextField } from "@/components/forms/text-field";
import { SelectField } from "@/components/forms/select-field";
import { fieldIds } from "@/components/forms/field-ids";
import { clockUnits, type SandboxClockView } from "@/lib/developers/sandbox-clock-schema";
import { ConsoleActionForm } from "./console-action-form";
import { ConsoleAnswer, SaveButton, type ConsoleFormAction } from "./console-answer";
import { textLink } from "@/components/ui/text-link";
import { consoleSectionStyle, consoleTime } from "./console-look";

const unitOptions = clockUnits.map((unit) => ({ value: unit, label: unit[0]!.toUpperCase() + unit.slice(1) }));

/** "1 day 2 hours ahead": how far the clock runs ahead of real time, in its largest two units. */
export function aheadOf(offsetMs: number): string {
  const minutes = Math.floor(offsetMs / 60_000);
  const parts: [number, string][] = [
    [Math.floor(minutes / 1_440), "day"],
    [Math.floor(minutes / 60) % 24, "hour"],
    [minutes % 60, "minute"],
  ];
  const said = parts
    .filter(([count]) => count > 0)
    .slice(0, 2)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? "" : "s"}`);
  return said.length === 0 ? "less than a minute" : said.join(" ");
}

/**
 * The sandbox's clock in the console: its time (ticking, in UTC), how far
 * ahead of real time it runs, and, for a developer's own sandbox, the form
 * that moves it forward and "Back to real time" (the reset).
 */
export function SandboxClockPanel({
  clock,
  advance,
  backToRealTime,
}: {
  clock: SandboxClockView;
  advance?: ConsoleFormAction;
  backToRealTime?: ConsoleFormAction;
}) {
  const [realNow, setRealNow] = useState(() => Date.parse(clock.sandboxTime) - clock.offsetMs);
  useEffect(() => {
    const timer = window.setInterval(() => setRealNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  const moved = clock.offsetMs > 0;
  return (
    <section aria-labelledby="clock-heading" className={consoleSectionStyle} data-testid="sandbox-clock">
      <h2 id="clock-heading" className="text-lg font-semibold text-slate-900">
        Sandbox clock
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {clock.movable
          ? "Every rule that reads the time reads this clock for your staging key, your members and your webhooks: the reversal window, token and code lifetimes, transaction dates. Move it forward to test what happens after a wait without waiting. Live keys keep real time."
          : "The Demo Partner's sandbox is shared by everyone and keeps real time. Sign up for a sandbox of your own to move its clock."}{" "}
        <a className={textLink} href="/docs/guides/testing-time">
          Testing time
        </a>{" "}
        shows how, with examples.
      </p>
      <p className="mt-3 text-sm text-slate-600">Sandbox time</p>
      <p className="font-mono text-lg font-semibold text-slate-900 tabular-nums" data-sandbox-time={clock.sandboxTime}>
        <time dateTime={new Date(realNow + clock.offsetMs).toISOString()} suppressHydrationWarning>
          {consoleTime(new Date(realNow + clock.offsetMs))}
        </time>
      </p>
      <p className="text-sm text-slate-700" data-clock-offset={clock.offsetMs}>
        {moved ? `${aheadOf(clock.offsetMs)} ahead of real time.` : "Real time."}
      </p>
      {clock.movable && advance ? <AdvanceForm action={advance} /> : null}
      {clock.movable && backToRealTime && moved ? (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <p className="mb-2 text-sm text-slate-700">
            The clock never goes back: your journal is append-only. Back to real time starts a fresh timeline: it resets
            your members to their seeded state and revokes their tokens.
          </p>
          <ConsoleActionForm
            action={backToRealTime}
            label="Back to real time"
            pendingLabel="Resetting…"
            confirm="Go back to real time? Your members are reset to their seeded state and their tokens revoked."
            tone="danger"
          />
        </div>
      ) : null}
    </section>
  );
}

function AdvanceForm({ action }: { action: ConsoleFormAction }) {
  const [state, submit, pending] = useActionState(action, null);
  const idBase = "clock-advance";
  const errorId = fieldIds(idBase).error;
  return (
    <form action={submit} className="mt-4 space-y-3" aria-label="Move the clock forward">
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <TextField
          name="amount"
          idBase={idBase}
          label="Move forward by"
          inputMode="numeric"
          defaultValue="1"
          required
          errorElsewhere={state?.ok === false ? errorId : undefined}
        />
        <SelectField name="unit" idBase="clock-unit" label="Unit" options={unitOptions} defaultValue="hours" />
      </div>
      <SaveButton pending={pending} label="Move forward" pendingLabel="Moving…" />
      <ConsoleAnswer result={state} errorId={errorId} />
    </form>
  );
}
