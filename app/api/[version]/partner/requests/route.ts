import { retrieveRequestLog } from "@/server/loyalty/operations/retrieve-request-log";

export const { GET, POST, PUT, PATCH, DELETE } = retrieveRequestLog;
