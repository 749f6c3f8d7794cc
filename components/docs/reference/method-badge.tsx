/** An HTTP method as a label: colour for a glance, the word for everyone. */
export function MethodBadge({ method }: { method: string }) {
  return <span className={`ref-method ref-method-${method.toLowerCase()}`}>{method.toUpperCase()}</span>;
}
