import { membershipResource } from "@/server/loyalty/operations/update-membership";

// PATCH is P8 Update membership; GET the membership read model (an extension, docs/decisions.md).
export const { GET, POST, PUT, PATCH, DELETE } = membershipResource;
