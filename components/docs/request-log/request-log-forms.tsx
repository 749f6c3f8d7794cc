import { requestLogOperations } from "@/lib/contract/request-log";
import { operationLabels, requestLogPath, statusChoices, type RequestLogFilters } from "@/lib/developers/request-log-view";

const fieldStyle =
  "mt-1 block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-invalid:border-rose-600";
const buttonStyle =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

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
  return (
    <div className="grid gap-4 lg:grid-cols-[3fr_2fr]">
      <form
        role="search"
        aria-label="Find a request by its id"
        action={requestLogPath}
        method="get"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <label htmlFor="request-id" className="block text-sm font-semibold text-slate-900">
          Request id
        </label>
        <p id="request-id-hint" className="mt-1 text-sm text-slate-600">
          The <code className="font-mono text-[0.85em]">X-Request-Id</code> header of any answer, error or not.
        </p>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id="request-id"
            name="request-id"
            type="search"
            defaultValue={values.requestId ?? ""}
            autoComplete="off"
            spellCheck={false}
            placeholder="3f2c8a1e-5b7d-4c9a-8e21-6d0f4b3a9c57"
            aria-describedby={errors.requestId ? "request-id-hint request-id-error" : "request-id-hint"}
            aria-invalid={errors.requestId ? true : undefined}
            className={`${fieldStyle} font-mono sm:mt-0`}
          />
          <button type="submit" className={buttonStyle}>
            Find
          </button>
        </div>
        {errors.requestId ? (
          <p id="request-id-error" className="mt-2 text-sm text-rose-700">
            {errors.requestId}
          </p>
        ) : null}
      </form>

      <form
        aria-label="Filter requests"
        action={requestLogPath}
        method="get"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="operation" className="block text-sm font-semibold text-slate-900">
              Operation
            </label>
            <select
              id="operation"
              name="operation"
              defaultValue={values.operation ?? ""}
              aria-describedby={errors.operation ? "operation-error" : undefined}
              aria-invalid={errors.operation ? true : undefined}
              className={fieldStyle}
            >
              <option value="">Any operation</option>
              {requestLogOperations.map((operation) => (
                <option key={operation} value={operation}>
                  {operationLabels[operation]}
                </option>
              ))}
            </select>
            {errors.operation ? (
              <p id="operation-error" className="mt-2 text-sm text-rose-700">
                {errors.operation}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="status" className="block text-sm font-semibold text-slate-900">
              Status
            </label>
            <select
              id="status"
              name="status"
              defaultValue={values.status ?? ""}
              aria-describedby={errors.status ? "status-error" : undefined}
              aria-invalid={errors.status ? true : undefined}
              className={fieldStyle}
            >
              <option value="">Any status</option>
              {statusChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
              {extraStatus ? <option value={extraStatus}>{extraStatus}</option> : null}
            </select>
            {errors.status ? (
              <p id="status-error" className="mt-2 text-sm text-rose-700">
                {errors.status}
              </p>
            ) : null}
          </div>
        </div>
        <button type="submit" className={`${buttonStyle} mt-3`}>
          Filter
        </button>
      </form>
    </div>
  );
}
