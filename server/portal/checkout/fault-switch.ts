import type { OrderState } from "@/lib/checkout/order-states";

/** The remote calls of the saga, by name (also the fault points after them). */
export type RemoteCallName =
  | "debit"
  | "debit-lookup"
  | "charge-lookup"
  | "authorise"
  | "authorise-lookup"
  | "capture"
  | "void"
  | "reverse"
  | "refund";

/**
 * The places where a test may make the saga stop as a crash would: after
 * each state (or timeline event) is persisted, and after each remote call
 * has answered but before its outcome is stored.
 */
export type FaultPoint = `state:${OrderState}` | `event:${string}` | `call:${RemoteCallName}`;

/** A test's switch: `reach` throws at the point the test chose, and does nothing elsewhere. */
export interface FaultSwitch {
  reach(point: FaultPoint): void;
}

/** What a fault switch throws: the process "died" here, leaving the order as a crash would. */
export class SimulatedCrash extends Error {
  readonly point: FaultPoint;

  constructor(point: FaultPoint) {
    super(`simulated crash at ${point}`);
    this.name = "SimulatedCrash";
    this.point = point;
  }
}

/** A switch that crashes once, at the first point `crashAt` accepts. */
export function crashOnceAt(crashAt: (point: FaultPoint) => boolean): FaultSwitch & { crashedAt(): FaultPoint | null } {
  let crashed: FaultPoint | null = null;
  return {
    reach(point) {
      if (crashed === null && crashAt(point)) {
        crashed = point;
        throw new SimulatedCrash(point);
      }
    },
    crashedAt: () => crashed,
  };
}
