import { PageLoading } from "@/components/ui/page-loading";

export default function DevelopersLoading() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <PageLoading label="Loading your sandbox…" />
    </div>
  );
}
