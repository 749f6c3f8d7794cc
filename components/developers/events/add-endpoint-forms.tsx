import { CheckboxField } from "@/components/forms/checkbox-field";
import { TextField } from "@/components/forms/text-field";
import { eventTypes } from "@/lib/contract/webhook-events";
import { ConsoleActionForm } from "../console-action-form";
import type { ConsoleFormAction } from "../console-answer";

/** The two ways to add an endpoint: the sandbox's own receiver in one click, or an address of the developer's. */
export function AddEndpointForms({
  add,
  receiverUrl,
  hasReceiver,
}: {
  add: ConsoleFormAction;
  receiverUrl: string;
  hasReceiver: boolean;
}) {
  return (
    <>
      <h3 className="mt-6 font-semibold text-slate-900">Add an endpoint</h3>
      <div className="mt-2 space-y-4">
        {/* Always rendered, so the secret it shows once survives the page refreshing after the add; once the
            receiver is an endpoint its button goes, as nothing is left to add. */}
        <ConsoleActionForm
          action={add}
          done={hasReceiver}
          fields={{ url: receiverUrl }}
          label="Add the built-in receiver"
          pendingLabel="Adding…"
          secretLabel="Signing secret"
        >
          <p className="text-sm text-slate-700">
            {hasReceiver
              ? "The built-in receiver is one of your endpoints: what it gets is listed below."
              : "Nothing listening yet? The sandbox's own receiver records what it gets and checks the signature, for every event type."}
          </p>
          {eventTypes.map((type) => (
            <input key={type} type="hidden" name="eventTypes" value={type} />
          ))}
        </ConsoleActionForm>
        <ConsoleActionForm action={add} label="Add this endpoint" pendingLabel="Adding…" secretLabel="Signing secret">
          <TextField
            name="url"
            label="Address (https://…)"
            type="url"
            required
            inputMode="url"
            autoComplete="off"
            mono
          />
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">Events it takes</legend>
            <ul className="mt-1 space-y-1">
              {eventTypes.map((type) => (
                <li key={type}>
                  <CheckboxField
                    name="eventTypes"
                    idBase={`event-type-${type}`}
                    value={type}
                    defaultChecked
                    label={<span className="font-mono">{type}</span>}
                  />
                </li>
              ))}
            </ul>
          </fieldset>
        </ConsoleActionForm>
      </div>
    </>
  );
}
