import { loginEndpoint } from "@/server/loyalty/login/login-endpoint";
import { memberLoginService } from "@/server/loyalty/login/member-login-service";

/** A1 member login of the primary programme. */
export const { GET, POST } = loginEndpoint(memberLoginService);
