export { GET, POST, PUT, PATCH, DELETE } from "@/app/api/[version]/memberships/[membershipIdentifier]/route";
