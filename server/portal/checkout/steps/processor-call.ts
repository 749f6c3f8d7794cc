import "server-only";
import { PaymentsApiError } from "@/lib/payments-client/errors";
import type { RemoteCallName } from "../fault-switch";
import { SimulatedCrash } from "../fault-switch";
import type { StepCall } from "../record-order-step";
import { answered, callRecorder, type SagaRun } from "../saga-run";

type OnAnswer = (answer: { status: number; requestId: string | null }) => void;

export type ProcessorAnswer<Outcome> =
  | { kind: "answered"; outcome: Outcome; call: StepCall }
  /** The processor refused the request before any money moved (or, for 422, its key named another request). */
  | { kind: "refused"; error: PaymentsApiError; call: StepCall };

/**
 * Sends one keyed money call to the processor: the answer's status and
 * request id kept for the timeline, and the fault point after the answer
 * passed before anything is stored. A refusal comes back as a value for the
 * step to decide on; anything else (a simulated crash) goes on up.
 */
export async function callProcessor<Outcome>(
  run: SagaRun,
  name: RemoteCallName,
  send: (onAnswer: OnAnswer) => Promise<Outcome>,
): Promise<ProcessorAnswer<Outcome>> {
  const recorder = callRecorder(name);
  try {
    const outcome = await send(recorder.onAnswer);
    answered(run, name);
    return { kind: "answered", outcome, call: recorder.call() };
  } catch (error) {
    answered(run, name);
    if (!(error instanceof PaymentsApiError)) throw error;
    run.deps.logger.error(
      { orderId: run.order.id, code: error.code, status: error.status },
      `checkout ${name} refused by the processor`,
    );
    return { kind: "refused", error, call: recorder.call() };
  }
}

export type KeyedLookup<Found> =
  { kind: "found"; found: Found; call: StepCall } | { kind: "none" } | { kind: "unavailable" };

/**
 * What the processor recorded under one of the order's keys, whatever became
 * of the call that sent it: the processor's record, never a guess. A lookup
 * that fails says so (`unavailable`), and the step waits.
 */
export async function lookUpByKey<Found>(
  run: SagaRun,
  name: Extract<RemoteCallName, `${string}-lookup`>,
  operation: string,
  find: (onAnswer: OnAnswer) => Promise<Found | null | undefined>,
): Promise<KeyedLookup<Found>> {
  const recorder = callRecorder(operation);
  try {
    const found = await find(recorder.onAnswer);
    answered(run, name);
    return found ? { kind: "found", found, call: recorder.call() } : { kind: "none" };
  } catch (error) {
    if (error instanceof SimulatedCrash) throw error;
    run.deps.logger.warn({ orderId: run.order.id, err: error }, `checkout ${operation} failed`);
    return { kind: "unavailable" };
  }
}
