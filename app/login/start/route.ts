import { startSignIn } from "@/server/portal/auth/start-sign-in";

/** The login page's programme forms: the sign-in start, with or without the page's script (see start-sign-in.ts). */
export const POST = startSignIn;
