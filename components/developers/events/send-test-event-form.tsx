import { SelectField } from "@/components/forms/select-field";
import { eventDescriptions, eventTypes } from "@/lib/contract/webhook-events";
import { ConsoleActionForm } from "../console-action-form";
import type { ConsoleFormAction } from "../console-answer";
import { consoleSectionStyle } from "../console-look";

const typeOptions = eventTypes.map((type) => ({ value: type, label: `${type}: ${eventDescriptions[type]}` }));

/** A made-up event of a chosen type, sent to every endpoint that takes it, within the sandbox's limit. */
export function SendTestEventForm({ action, sendLimit }: { action: ConsoleFormAction; sendLimit: string }) {
  return (
    <section aria-labelledby="test-heading" className={consoleSectionStyle}>
      <h2 id="test-heading" className="text-lg font-semibold text-slate-900">
        Send a test event
      </h2>
      <ConsoleActionForm action={action} label="Send the test event" pendingLabel="Sending…">
        <p className="mt-1 text-sm text-slate-700">
          Made-up data with <code>&quot;test&quot;: true</code>, to every endpoint that takes the type.
        </p>
        <p className="text-sm text-slate-700" data-send-limit>
          {sendLimit}
        </p>
        <SelectField name="type" label="Event type" options={typeOptions} defaultValue={eventTypes[0]} />
      </ConsoleActionForm>
    </section>
  );
}
