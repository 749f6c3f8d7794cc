import { retrieveProgrammeByIdentifier } from "@/server/loyalty/operations/retrieve-programme";

export const { GET, POST, PUT, PATCH, DELETE } = retrieveProgrammeByIdentifier;
