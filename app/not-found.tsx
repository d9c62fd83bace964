import { NotFoundText } from '@/components/ui/not-found-text';

export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-prose px-4 py-16">
      <NotFoundText />
    </main>
  );
}
