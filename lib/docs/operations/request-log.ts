import { z } from "zod";
import { operationNames } from "@/lib/contract/operation-names";
import {
  requestLogDefaultPageSize,
  requestLogMaxPageSize,
  requestLogOperations,
  requestLogResponseSchema,
  requestLogVersions,
  type RequestLogResponse,
} from "@/lib/contract/request-log";
import type { DocumentedOperation } from "./types";

const example: RequestLogResponse = {
  page: 1,
  pageSize: requestLogDefaultPageSize,
  hasMore: false,
  requests: [
    {
      requestId: "3f2c8a1e-5b7d-4c9a-8e21-6d0f4b3a9c57",
      operation: "retrieve-programme",
      method: "GET",
      path: "/api/v1/programmes/NOSUCHPROGRAMME",
      status: 400,
      errorCode: "PROGRAMME_NOT_FOUND",
      childErrorCode: "PROGRAMME_NOT_FOUND",
      durationMs: 3.4,
      requestedAt: "2026-11-22T10:15:30.120Z",
    },
  ],
};

export const retrieveRequestLog: DocumentedOperation = {
  id: "retrieveRequestLog",
  spec: "Extension",
  summary: operationNames.retrieveRequestLog.name,
  description:
    "An extension: your own requests to the partner operations in the last 7 days, newest first, as the service recorded them: operation, method, path (api_key and anything that may be secret left out), status, error code, duration, request id (the `X-Request-Id` every answer carries) and time. Never a body, a token or a key. A key sees the requests made with keys of its own environment (staging or live). Reads of the log are not recorded. The developer console (/developers/requests) shows the same log to its signed-in developer, with redacted bodies for staging keys.",
  tag: "Request log",
  method: "get",
  versions: requestLogVersions,
  path: "/partner/requests",
  testPath: false,
  errorShape: "wrapped",
  token: "none",
  headers: [],
  query: z
    .object({
      operation: z.enum(requestLogOperations).meta({
        description: "Only this operation's requests (`unknown-path`: requests to paths no operation serves).",
        example: "debit-currency",
      }),
      status: z
        .string()
        .regex(/^(?:[1-5]xx|[1-5][0-9]{2})$/)
        .meta({ description: "A status class (`4xx`) or one status (`404`).", example: "4xx" }),
      "request-id": z.uuid().meta({
        description: "One request, by the id its answer carried in `X-Request-Id` (any case).",
        example: example.requests[0]!.requestId,
      }),
      page: z
        .string()
        .regex(/^[0-9]{1,6}$/)
        .meta({ description: "Page number, from 1 (default 1).", example: "1" }),
      "page-size": z
        .string()
        .regex(/^[0-9]{1,6}$/)
        .meta({
          description: `Requests per page, 1 to ${requestLogMaxPageSize} (default ${requestLogDefaultPageSize}).`,
          example: String(requestLogDefaultPageSize),
        }),
    })
    .partial(),
  success: {
    status: 200,
    description: "A page of the log; `hasMore` says whether an older page follows.",
    schema: requestLogResponseSchema,
    examples: { refused: { summary: "A refused P1 call, found by its request id", value: example } },
  },
};
