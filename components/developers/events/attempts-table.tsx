import { focusRing } from "@/components/ui/focus-ring";
import { consoleTime } from "../console-look";

/** A delivery of an event to one endpoint, with every attempt made so far. */
export interface DeliveryView {
  id: string;
  endpointUrl: string;
  state: string;
  nextAttemptAt: Date;
  attempts: readonly {
    attemptedAt: Date;
    statusCode: number | null;
    latencyMs: number;
    responseExcerpt: string | null;
    /** The replay the attempt was made for (1 for the first), absent for the first run. */
    replay?: number;
  }[];
  /** When each replay was asked for. */
  replays: readonly Date[];
}

/** Every attempt at an event's deliveries: where, when, the answer, how long it took and what came back. */
export function AttemptsTable({ eventId, deliveries }: { eventId: string; deliveries: readonly DeliveryView[] }) {
  if (deliveries.every((delivery) => delivery.attempts.length === 0)) return <p className="mt-2">No attempt yet.</p>;
  return (
    <div
      className={`mt-2 overflow-x-auto rounded ${focusRing}`}
      role="region"
      aria-label={`Attempts of ${eventId}`}
      tabIndex={0}
    >
      <table className="w-full text-left text-xs">
        <caption className="sr-only">Attempts of {eventId}</caption>
        <thead>
          <tr>
            <th scope="col" className="pr-3">
              Endpoint
            </th>
            <th scope="col" className="pr-3">
              Run
            </th>
            <th scope="col" className="pr-3">
              Time
            </th>
            <th scope="col" className="pr-3">
              Answer
            </th>
            <th scope="col" className="pr-3">
              Latency
            </th>
            <th scope="col">Response</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.flatMap((delivery) =>
            delivery.attempts.map((attempt, index) => (
              <tr key={`${delivery.id}-${index}`} className="align-top">
                <td className="pr-3 break-all">{delivery.endpointUrl}</td>
                <td className="pr-3" data-attempt-run>
                  {attempt.replay ? `Replay ${attempt.replay}` : "First run"}
                </td>
                <td className="pr-3">{consoleTime(attempt.attemptedAt)}</td>
                <td className="pr-3" data-attempt-status>
                  {attempt.statusCode ?? "No answer"}
                </td>
                <td className="pr-3">{attempt.latencyMs} ms</td>
                <td className="font-mono break-all">{attempt.responseExcerpt || "(empty)"}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
