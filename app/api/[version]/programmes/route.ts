import { retrieveProgrammeList } from "@/server/loyalty/operations/retrieve-programme";

export const { GET, POST, PUT, PATCH, DELETE } = retrieveProgrammeList;
