import type { oas31 } from "zod-openapi";
import type { OpenApi } from "./reference-index";

export type Schema = oas31.SchemaObject | oas31.ReferenceObject;

export function isReference(value: unknown): value is oas31.ReferenceObject {
  return typeof value === "object" && value !== null && typeof (value as { $ref?: unknown }).$ref === "string";
}

/** The last segment of a local `$ref`: `#/components/schemas/ErrorBody` → `ErrorBody`. */
export function refName(ref: string): string {
  return decodePointer(ref.slice(ref.lastIndexOf("/") + 1));
}

function decodePointer(segment: string): string {
  return segment.replaceAll("~1", "/").replaceAll("~0", "~");
}

/** Follows a local `$ref` (`#/…`, JSON Pointer) inside the document; `undefined` when it leads nowhere. */
export function followRef(document: OpenApi, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = document;
  for (const segment of ref.slice(2).split("/").map(decodePointer)) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/** The object behind a value that may be a `$ref` (followed through chains of them); references that lead nowhere stay. */
export function resolve<T extends object>(document: OpenApi, value: T | oas31.ReferenceObject): T {
  let current: unknown = value;
  for (let hops = 0; isReference(current) && hops < 20; hops++) {
    const target = followRef(document, current.$ref);
    if (target === undefined) break;
    current = target;
  }
  return current as T;
}
