import { grantService } from "@/server/loyalty/grant/grant-service";

// A2 grant service: POST only; the other methods answer 405 with `Allow: POST`.
export const { POST, GET, PUT, PATCH, DELETE } = grantService;
