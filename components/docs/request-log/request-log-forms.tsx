import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/forms/field-label";
import { FieldFrame, wireField } from "@/components/forms/field-frame";
import { SelectField } from "@/components/forms/select-field";
import { requestLogOperations } from "@/lib/contract/request-log";
import {
  operationLabels,
  requestLogPath,
  statusChoices,
  type RequestLogFilters,
} from "@/lib/developers/request-log-view";

const requestIdHint = (
  <>
    The <code className="font-mono text-[0.85em]">X-Request-Id</code> header of any answer, error or not.
  </>
);

export interface RequestLogFormsProps {
  /** What the address asks for now, to fill the fields with (values as typed, even refused ones). */
  values: { requestId?: string; operation?: string; status?: string };
  errors: Partial<Record<keyof RequestLogFilters, string>>;
}

/**
 * Two plain GET forms, so they work before (and without) the page's script:
 * one finds a request by its id, the other filters the list.
 */
export function RequestLogForms({ values, errors }: RequestLogFormsProps) {
  const statusValues: string[] = statusChoices.map((choice) => choice.value);
  // A status asked for in the address but not offered (e.g. 404) stays chosen.
  const extraStatus = values.status && !statusValues.includes(values.status) ? values.status : undefined;
  const requestId = wireField({
    name: "request-id",
    label: "Request id",
    hint: requestIdHint,
    error: errors.requestId,
  });
  return (
    <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
      <form
        role="search"
        aria-label="Find a request by its id"
        action={requestLogPath}
        method="get"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <FieldFrame idKey={requestId.key} label="Request id" hint={requestIdHint} error={errors.requestId}>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <input
              {...requestId.binding}
              {...requestId.control}
              type="search"
              defaultValue={values.requestId ?? ""}
              autoComplete="off"
              spellCheck={false}
              placeholder="3f2c8a1e-5b7d-4c9a-8e21-6d0f4b3a9c57"
              className={`${controlClass(requestId.invalid)} font-mono`}
            />
            <Button type="submit" variant="primary" size="lg" className="mt-1.5 shrink-0">
              Find
            </Button>
          </div>
        </FieldFrame>
      </form>

      <form
        aria-label="Filter requests"
        action={requestLogPath}
        method="get"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            name="operation"
            label="Operation"
            placeholder="Any operation"
            options={requestLogOperations.map((operation) => ({ value: operation, label: operationLabels[operation] }))}
            defaultValue={values.operation ?? ""}
            error={errors.operation}
          />
          <SelectField
            name="status"
            label="Status"
            placeholder="Any status"
            options={extraStatus ? [...statusChoices, { value: extraStatus, label: extraStatus }] : statusChoices}
            defaultValue={values.status ?? ""}
            error={errors.status}
          />
        </div>
        <Button type="submit" variant="primary" size="lg" className="mt-3">
          Filter
        </Button>
      </form>
    </div>
  );
}
