export {
  GET,
  POST,
  PUT,
  PATCH,
  DELETE,
} from "@/app/api/[version]/programmes/[programmeIdentifier]/accounts/[accountIdentifier]/transactions/route";
