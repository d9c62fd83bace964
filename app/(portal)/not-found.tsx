import { NotFoundText } from '@/components/ui/not-found-text';

/**
 * A portal address that names nothing (or nothing of this merchant's). It renders inside the
 * portal's layout, which already holds the page's one <main>: so a <div> here, where the root
 * not-found (for addresses outside the portal) is a page of its own with its own <main>.
 */
export default function PortalNotFound() {
  return (
    <div className="max-w-prose py-10">
      <NotFoundText />
    </div>
  );
}
