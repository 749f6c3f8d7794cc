const texts: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "202": "Accepted",
  "204": "No Content",
  "2XX": "Any success",
  "301": "Moved Permanently",
  "302": "Found",
  "303": "See Other",
  "400": "Bad Request",
  "401": "Unauthorized",
  "403": "Forbidden",
  "404": "Not Found",
  "405": "Method Not Allowed",
  "406": "Not Acceptable",
  "409": "Conflict",
  "410": "Gone",
  "413": "Content Too Large",
  "415": "Unsupported Media Type",
  "422": "Unprocessable Content",
  "429": "Too Many Requests",
  "4XX": "Any client error",
  "500": "Internal Server Error",
  "502": "Bad Gateway",
  "503": "Service Unavailable",
  "504": "Gateway Timeout",
  "5XX": "Any server error",
  default: "Any other answer",
};

/** The reason phrase of a status (or of an OpenAPI status range such as `2XX`, or `default`). */
export function statusText(status: string): string {
  return texts[status] ?? "";
}
