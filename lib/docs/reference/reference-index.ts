import type { oas31 } from "zod-openapi";

export type OpenApi = oas31.OpenAPIObject;
export type Operation = oas31.OperationObject;

export const httpMethods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** One operation of the document as the reference pages show it: one page each. */
export interface ReferenceOperation {
  /** The page's last path segment: the operationId in kebab case. */
  slug: string;
  method: HttpMethod;
  path: string;
  /** The same operation served elsewhere (the spec's `/api/test/` prefix): listed on its page, not a page of its own. */
  alsoServedOn: string[];
  tag: string;
  operation: Operation;
  /**
   * The API version (`v1`, `v2`) when the document lists the same operation once per version (pricing's bodies
   * differ by version), so the two entries read apart; absent when the operation is listed once.
   */
  versionLabel?: string;
}

/** One of the document's `webhooks`: an event this service posts to the partner. */
export interface ReferenceEvent {
  slug: string;
  name: string;
  method: HttpMethod;
  operation: Operation;
}

export interface ReferenceTag {
  name: string;
  description?: string;
  operations: ReferenceOperation[];
}

export interface ReferenceIndex {
  tags: ReferenceTag[];
  operations: ReferenceOperation[];
  events: ReferenceEvent[];
}

/** `retrieveProductPricesV1` → `retrieve-product-prices-v1`; anything else not a letter or digit → `-`. */
export function slugOf(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();
}

export const testPrefix = "/api/test/";

function operationsOf(item: oas31.PathItemObject | undefined): [HttpMethod, Operation][] {
  if (!item) return [];
  return httpMethods.flatMap((method) => (item[method] ? [[method, item[method]] as [HttpMethod, Operation]] : []));
}

/**
 * The document's operations, one page each, grouped under its tags in the
 * document's order. An operation on the `/api/test/` prefix with the same
 * method as one on the plain path is that operation (Versioning: the same
 * operation, the same data): it is listed on that operation's page.
 */
export function referenceIndex(document: OpenApi): ReferenceIndex {
  const paths = document.paths ?? {};
  const operations: ReferenceOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of operationsOf(item)) {
      if (path.startsWith(testPrefix)) {
        const plainPath = `/api/${path.slice(testPrefix.length)}`;
        if (paths[plainPath]?.[method]) continue;
      }
      const testPath = `${testPrefix}${path.slice("/api/".length)}`;
      operations.push({
        slug: slugOf(operation.operationId ?? `${method}-${path}`),
        method,
        path,
        alsoServedOn: path.startsWith("/api/") && paths[testPath]?.[method] ? [testPath] : [],
        tag: operation.tags?.[0] ?? "Other",
        operation,
      });
    }
  }
  // An operation listed once per version gets its version beside its name.
  for (const operation of operations) {
    const summary = operation.operation.summary;
    const twins = operations.filter((other) => other.operation.summary === summary && other.tag === operation.tag);
    const version = /^\/api\/(v[0-9]+)\//.exec(operation.path)?.[1];
    if (summary && version && twins.length > 1) operation.versionLabel = version;
  }
  const tagNames = [
    ...(document.tags ?? []).map((tag) => tag.name),
    ...operations.map((operation) => operation.tag),
  ].filter((name, index, names) => names.indexOf(name) === index);
  const tags = tagNames
    .map((name) => ({
      name,
      description: document.tags?.find((tag) => tag.name === name)?.description,
      operations: operations.filter((operation) => operation.tag === name),
    }))
    .filter((tag) => tag.operations.length > 0);
  const events = Object.entries(document.webhooks ?? {}).flatMap(([name, item]) =>
    operationsOf(item as oas31.PathItemObject).map(([method, operation]) => ({
      slug: slugOf(name),
      name,
      method,
      operation,
    })),
  );
  return { tags, operations: tags.flatMap((tag) => tag.operations), events };
}

/** The description of the tag the document's events are listed under, if it names one. */
export function eventsTag(document: OpenApi, index: ReferenceIndex): oas31.TagObject | undefined {
  const name = index.events[0]?.operation.tags?.[0];
  return document.tags?.find((tag) => tag.name === name);
}
