/** Does an Accept header admit application/json? An absent header does. */
export function acceptsJson(accept: string | null): boolean {
  if (accept === null || accept.trim() === "") return true;
  return accept.split(",").some((range) => {
    const [mediaRange = "", ...parameters] = range.split(";").map((part) => part.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    if (quality !== undefined && !(Number(quality.slice(2)) > 0)) return false;
    return mediaRange === "application/json" || mediaRange === "application/*" || mediaRange === "*/*";
  });
}

/** Is the Content-Type application/json (any case, optional parameters)? */
export function isJsonContentType(contentType: string | null): boolean {
  if (contentType === null) return false;
  const [mediaType = ""] = contentType.split(";");
  return mediaType.trim().toLowerCase() === "application/json";
}
