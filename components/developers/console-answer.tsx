import type { ActionResult } from "@/lib/actions/action-result";
import type { ConsoleAnswer as Answer } from "@/lib/developers/console-action-schemas";
import { Button } from "@/components/ui/button";
import { SecretValue } from "./secret-value";

/**
 * Where a console form's answer appears, read aloud as it comes: the refusal
 * (its id lets a field point to it), or what happened and a new secret,
 * shown this once.
 */
export function ConsoleAnswer({
  result,
  errorId,
  secretLabel,
}: {
  result: ActionResult<Answer> | null;
  errorId?: string;
  secretLabel?: string;
}) {
  return (
    <div aria-live="polite">
      {result && !result.ok ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {result.message}
        </p>
      ) : null}
      {result?.ok ? <p className="text-sm text-slate-700">{result.data.message}</p> : null}
      {result?.ok && result.data.secret && secretLabel ? (
        <dl className="mt-2">
          <SecretValue label={secretLabel} value={result.data.secret} testId="new-secret" />
        </dl>
      ) : null}
    </div>
  );
}

/** A console form's save button (the redirect URIs' forms). */
export function SaveButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <Button type="submit" variant="secondary" disabled={pending} aria-busy={pending || undefined}>
      {pending ? pendingLabel : label}
    </Button>
  );
}

/** What a console form's action is, as useActionState calls it. */
export type ConsoleFormAction = (state: ActionResult<Answer> | null, form: FormData) => Promise<ActionResult<Answer>>;
