import { primaryProgramme } from "@/lib/contract/primary-programme";

/** The programmes a member can sign in with: next-auth provider id, programme and the name members know. */
export const signInProgrammes = [
  {
    provider: "loyalty",
    programme: primaryProgramme,
    name: "Northstar Club",
    description: "Northstar Airways' frequent flyer programme",
  },
  {
    provider: "meridian",
    programme: "MERIDIAN",
    name: "Meridian Plus",
    description: "Meridian Airlines' loyalty programme",
  },
  { provider: "horizon", programme: "HORIZON", name: "Horizon Club", description: "Horizon Air's loyalty programme" },
] as const;

export type SignInProgramme = (typeof signInProgrammes)[number];
export type SignInProvider = SignInProgramme["provider"];

export function programmeName(programme: string): string {
  return signInProgrammes.find((entry) => entry.programme === programme)?.name ?? programme;
}
