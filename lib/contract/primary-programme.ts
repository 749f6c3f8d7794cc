/**
 * The primary programme: the one A1/A2 sign in to, the only one P4 credits,
 * and the one P3's token-only variant reads. Every other programme is a
 * further programme (A3/A4).
 */
export const primaryProgramme = "NORTHSTAR";
