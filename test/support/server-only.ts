// Stands in for the `server-only` guard: every test runs on the server side.
export {};
