import "server-only";
import { withSpan } from "@/server/observability/tracing";
import type { SagaRun, StepResult } from "./saga-run";

type Action = (run: SagaRun) => Promise<StepResult>;

/**
 * A step's run or compensation in a span of its own, named by the step and
 * the way it goes, with who drives it and the order's states before and
 * after (a bounded set); never the order's id, member or amounts.
 */
export function tracedStep(step: string, phase: "run" | "compensate", action: Action): Action {
  const name = phase === "run" ? `checkout ${step}` : `checkout ${step} compensate`;
  return (run) =>
    withSpan(
      name,
      async (span) => {
        const result = await action(run);
        span.setAttributes({ "checkout.result": result.kind, "checkout.state_after": run.order.state });
        return result;
      },
      {
        attributes: {
          "checkout.step": step,
          "checkout.phase": phase,
          "checkout.mode": run.mode,
          "checkout.state_before": run.order.state,
        },
      },
    );
}

/** The saga's steps, each run and compensation traced, with the declaration's own type. */
export function tracedSteps<Steps extends Record<string, { run: Action; compensate: Action }>>(steps: Steps): Steps {
  return Object.fromEntries(
    Object.entries(steps).map(([name, step]) => [
      name,
      { ...step, run: tracedStep(name, "run", step.run), compensate: tracedStep(name, "compensate", step.compensate) },
    ]),
  ) as Steps;
}
