import { secureKeyService } from "@/server/loyalty/grant/secure-key-service";

// A4 secure key: the spec shows no method; POST, as the sandbox example, and 405 for the others.
export const { POST, GET, PUT, PATCH, DELETE } = secureKeyService;
