import { loginEndpoint } from "@/server/loyalty/login/login-endpoint";
import { secureCodeService } from "@/server/loyalty/login/secure-code-service";

/** A3 secure code: the login page of the two further programmes. */
export const { GET, POST } = loginEndpoint(secureCodeService);
