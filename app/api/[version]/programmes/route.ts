import { retrieveProgrammeList } from "@/server/loyalty/operations/retrieve-programme";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE } = retrieveProgrammeList;
