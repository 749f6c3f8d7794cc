export * from "./loyalty";
export * from "./portal";
