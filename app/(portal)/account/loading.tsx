import { PageLoading } from "@/components/ui/page-loading";

/**
 * Shown while this page waits for the loyalty service. Per route, not for the
 * whole (portal) group: a boundary above the shop's or the orders' pages
 * would start the stream with 200 before they can answer 404.
 */
export default function Loading() {
  return <PageLoading />;
}
