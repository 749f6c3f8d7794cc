export * from "./loyalty";
