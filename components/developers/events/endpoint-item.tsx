import { ConsoleActionForm } from "../console-action-form";
import type { ConsoleFormAction } from "../console-answer";
import { consoleTime } from "../console-look";

/** One of the developer's webhook endpoints as the console lists it. */
export interface EndpointView {
  id: number;
  url: string;
  enabled: boolean;
  disabledReason: string | null;
  eventTypes: readonly string[];
  createdAt: Date;
  /** Until when the secret rolled last keeps signing beside the new one. */
  rolloverEndsAt: Date | null;
}

export interface EndpointActions {
  add: ConsoleFormAction;
  rollSecret: ConsoleFormAction;
  setEnabled: ConsoleFormAction;
  remove: ConsoleFormAction;
}

/** An endpoint: its address, status, events and age, and the ways to roll its secret, turn it off or remove it. */
export function EndpointItem({ endpoint, actions }: { endpoint: EndpointView; actions: EndpointActions }) {
  return (
    <li data-endpoint-url={endpoint.url} className="rounded-lg border border-slate-200 p-4">
      <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt className="text-slate-600">Status</dt>
        <dd data-endpoint-status>{endpoint.enabled ? "On" : `Off: ${endpoint.disabledReason ?? "turned off"}`}</dd>
        <dt className="text-slate-600">Events</dt>
        <dd className="break-words">{endpoint.eventTypes.join(", ")}</dd>
        <dt className="text-slate-600">Added</dt>
        <dd>{consoleTime(endpoint.createdAt)}</dd>
        {endpoint.rolloverEndsAt ? (
          <>
            <dt className="text-slate-600">Old secret signs until</dt>
            <dd>{consoleTime(endpoint.rolloverEndsAt)}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-3 flex flex-wrap gap-4">
        <ConsoleActionForm
          action={actions.rollSecret}
          fields={{ endpointId: String(endpoint.id) }}
          label="Roll the secret"
          pendingLabel="Rolling…"
          confirm="Roll the signing secret? The old one keeps signing for 24 hours."
          secretLabel="New signing secret"
        />
        <ConsoleActionForm
          action={actions.setEnabled}
          fields={{ endpointId: String(endpoint.id), enabled: String(!endpoint.enabled) }}
          label={endpoint.enabled ? "Turn off" : "Turn on"}
          pendingLabel="Saving…"
        />
        <ConsoleActionForm
          action={actions.remove}
          fields={{ endpointId: String(endpoint.id) }}
          label="Remove"
          pendingLabel="Removing…"
          confirm="Remove this endpoint and its delivery history?"
          tone="danger"
        />
      </div>
    </li>
  );
}
