import type { CodeRedemption } from "@/server/loyalty/oauth/authorisation-codes";
import type { RefreshTokenRotation } from "@/server/loyalty/oauth/refresh-tokens";
import { OAuthError } from "./oauth-error";

type CodeRefusalReason = Extract<CodeRedemption, { redeemed: false }>["reason"];
type RefreshRefusalReason = Extract<RefreshTokenRotation, { rotated: false }>["reason"];

// Another client's code or token reads as unknown: a client learns nothing about others.
const codeDescriptions: Record<CodeRefusalReason, string> = {
  unknown: "authorisation code unknown",
  wrong_client: "authorisation code unknown",
  expired: "authorisation code expired",
  reused: "authorisation code already used",
};

const refreshDescriptions: Record<RefreshRefusalReason, string> = {
  unknown: "refresh token unknown",
  wrong_client: "refresh token unknown",
  expired: "refresh token expired",
  revoked: "refresh token revoked",
  reused: "refresh token already used",
};

export function codeRefusal(reason: CodeRefusalReason): OAuthError {
  return new OAuthError("invalid_grant", codeDescriptions[reason]);
}

export function refreshRefusal(reason: RefreshRefusalReason): OAuthError {
  return new OAuthError("invalid_grant", refreshDescriptions[reason]);
}
