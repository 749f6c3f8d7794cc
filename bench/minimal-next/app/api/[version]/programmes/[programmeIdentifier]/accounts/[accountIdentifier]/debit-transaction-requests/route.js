// The same handler as /debit, under the debit's own path (P5), whose dynamic
// segments the spec fixes: what Next.js costs on that path shape, for the
// bench's second reference (the first, /debit, is the one the speed targets set).
export { POST } from "../../../../../../../debit/route.js";
