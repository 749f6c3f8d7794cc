import type { Database } from "@/server/db/connect";
import type { MemberRecord } from "@/server/loyalty/members/find-member";
import type { LoginRequest, LoginRequestResolution } from "./login-request";

/** What differs between the two login pages (A1 member login, A3 secure code); the rest is shared. */
export interface LoginService {
  /** Kebab-case name, for logs. */
  name: "member-login" | "secure-code";
  /** The page's path, to which its CSRF cookie is scoped. */
  path: string;
  resolveRequest(db: Database, url: URL): Promise<LoginRequestResolution>;
  /**
   * Whether the member may log in to the request's programme here. The sandbox's reach (a developer's
   * sandbox signs in its own members only: sandbox-reach.ts) is checked before, for every page.
   */
  admitsMember(db: Database, member: MemberRecord, request: LoginRequest): Promise<boolean>;
}
