import { consoleSectionStyle } from "../console-look";
import { AddEndpointForms } from "./add-endpoint-forms";
import { EndpointItem, type EndpointActions, type EndpointView } from "./endpoint-item";

/** A sandbox's own endpoints, each with its actions, and the forms that add one. */
export function EndpointsPanel({
  endpoints,
  receiverUrl,
  actions,
}: {
  endpoints: readonly EndpointView[];
  /** The built-in receiver's address for this sandbox. */
  receiverUrl: string;
  actions: EndpointActions;
}) {
  return (
    <section aria-labelledby="endpoints-heading" className={consoleSectionStyle}>
      <h2 id="endpoints-heading" className="text-lg font-semibold text-slate-900">
        Endpoints
      </h2>
      {endpoints.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No endpoint yet: add the built-in receiver or your own address.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} actions={actions} />
          ))}
        </ul>
      )}
      <AddEndpointForms
        add={actions.add}
        receiverUrl={receiverUrl}
        hasReceiver={endpoints.some((endpoint) => endpoint.url === receiverUrl)}
      />
    </section>
  );
}
