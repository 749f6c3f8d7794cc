import { ServiceError } from "@/server/loyalty/http/service-error";

/** The ServiceError a call throws; fails the test when it throws nothing or something else. */
export function catchServiceError(run: () => unknown): ServiceError {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error("expected a ServiceError");
}
