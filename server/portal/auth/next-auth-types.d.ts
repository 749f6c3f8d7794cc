import "next-auth";
import "next-auth/jwt";

// The portal's additions to next-auth's types: who is signed in, never their tokens.
declare module "next-auth" {
  interface Profile {
    membershipNumber?: string;
    programme?: string;
  }
  interface User {
    membershipNumber?: string;
    programme?: string;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    /** Random session id: the key of the stored tokens (portal.member_sessions). */
    sid?: string;
    membershipNumber?: string;
    programme?: string;
  }
}
