import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/server/portal/auth/auth-options";
import { capAuthBody } from "@/server/portal/auth/cap-auth-body";
import { refusedSignIn } from "@/server/portal/auth/refused-sign-in";
import { limitSignInStart } from "@/server/portal/rate-limit/limit-sign-in-start";

interface RouteContext {
  params: Promise<{ nextauth: string[] }>;
}

/**
 * next-auth's routes (sign-in, callbacks, sign-out). A login refused by the
 * programme goes to /login with its reason; a client starting too many
 * sign-ins is refused before next-auth sees the request, and so is a body
 * larger than its forms ever are (413).
 */
async function handler(incoming: NextRequest, context: RouteContext): Promise<Response> {
  const request = await capAuthBody(incoming);
  if (request instanceof Response) return request;
  return refusedSignIn(request) ?? (await limitSignInStart(request)) ?? NextAuth(request, context, authOptions());
}

export { handler as GET, handler as POST };
