import { IntentLink } from "@/components/ui/intent-link";
import type { ReferenceIndex } from "@/lib/docs/reference/reference-index";
import { eventPagePath, operationPagePath, referenceHome } from "@/lib/docs/reference/reference-paths";
import { MethodBadge } from "./method-badge";
import { SidebarDisclosure } from "./sidebar-disclosure";
import { focusRing } from "@/components/ui/focus-ring";

const link = `ref-nav-link ${focusRing}`;
const group = "mt-4 px-2 text-xs font-semibold tracking-wide text-slate-600 uppercase";

/** Every operation by tag, then the events: one link each, the page being read marked as current. */
export function ReferenceSidebar({ index, current }: { index: ReferenceIndex; current: string }) {
  return (
    <SidebarDisclosure>
      <IntentLink href={referenceHome} className={link} aria-current={current === referenceHome ? "page" : undefined}>
        Overview
      </IntentLink>
      {index.tags.map((tag, tagIndex) => (
        <div key={tag.name}>
          <p id={`nav-tag-${tagIndex}`} className={group}>
            {tag.name}
          </p>
          <ul aria-labelledby={`nav-tag-${tagIndex}`}>
            {tag.operations.map((operation) => {
              const href = operationPagePath(operation.slug);
              return (
                <li key={operation.slug}>
                  <IntentLink href={href} className={link} aria-current={current === href ? "page" : undefined}>
                    <MethodBadge method={operation.method} />
                    <span>
                      {operation.operation.summary ?? operation.path}
                      {operation.versionLabel ? (
                        <span className="ml-1.5 rounded bg-slate-200 px-1 font-mono text-xs text-slate-800">
                          {operation.versionLabel}
                        </span>
                      ) : null}
                    </span>
                  </IntentLink>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {index.events.length > 0 ? (
        <div>
          <p id="nav-events" className={group}>
            Events (webhooks)
          </p>
          <ul aria-labelledby="nav-events">
            {index.events.map((event) => {
              const href = eventPagePath(event.slug);
              return (
                <li key={event.slug}>
                  <IntentLink href={href} className={link} aria-current={current === href ? "page" : undefined}>
                    <MethodBadge method={event.method} />
                    <span className="font-mono break-all">{event.name}</span>
                  </IntentLink>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </SidebarDisclosure>
  );
}
