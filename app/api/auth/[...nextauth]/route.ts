import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/server/portal/auth/auth-options";
import { refusedSignIn } from "@/server/portal/auth/refused-sign-in";
import { limitSignInStart } from "@/server/portal/rate-limit/limit-sign-in-start";

interface RouteContext {
  params: Promise<{ nextauth: string[] }>;
}

/**
 * next-auth's routes (sign-in, callbacks, sign-out). A login refused by the
 * programme goes to /login with its reason; a client starting too many
 * sign-ins is refused before next-auth sees the request.
 */
async function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  return refusedSignIn(request) ?? (await limitSignInStart(request)) ?? NextAuth(request, context, authOptions());
}

export { handler as GET, handler as POST };
