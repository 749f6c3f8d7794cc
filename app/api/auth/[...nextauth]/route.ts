import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { authOptions } from "@/server/portal/auth/auth-options";
import { refusedSignIn } from "@/server/portal/auth/refused-sign-in";

interface RouteContext {
  params: Promise<{ nextauth: string[] }>;
}

/** next-auth's routes (sign-in, callbacks, sign-out); a login refused by the programme goes to /login with its reason. */
async function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  return refusedSignIn(request) ?? NextAuth(request, context, authOptions());
}

export { handler as GET, handler as POST };
